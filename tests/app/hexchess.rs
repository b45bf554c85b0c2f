//! The hexchess table in a headless app.
