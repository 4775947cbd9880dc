//! The `herakon` command line.
fn main() {}
