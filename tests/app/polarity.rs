//! The polarity table in a headless app.
