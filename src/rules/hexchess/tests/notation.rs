//! notation tests
