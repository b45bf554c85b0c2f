//! The polarity rules core (see `seeds/README.md` for its rule document).
