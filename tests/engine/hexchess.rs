//! hexchess through the engine protocol.
