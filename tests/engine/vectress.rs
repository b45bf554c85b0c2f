//! vectress through the engine protocol.
