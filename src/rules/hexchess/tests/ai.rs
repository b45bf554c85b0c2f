//! ai tests
