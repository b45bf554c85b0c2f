//! polarity through the engine protocol.
