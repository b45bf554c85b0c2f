//! wavefield through the engine protocol.
