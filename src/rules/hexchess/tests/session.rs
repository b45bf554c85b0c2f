//! session tests
