//! The wavefield table in a headless app.
