//! The command line: files, saves and text output around the pure engine.
