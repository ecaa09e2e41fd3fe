//! Search (in progress).
