//! The vectress rules core (see `seeds/README.md` for its rule document).
