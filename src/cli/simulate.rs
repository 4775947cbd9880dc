//! `herakon simulate` (being written).

/// The options of `herakon simulate`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `herakon simulate`.
///
/// # Errors
/// Always, until the command is written.
pub fn run(
    args: &Args,
    data: std::sync::Arc<crate::engine::GameData>,
) -> Result<std::process::ExitCode, String> {
    let _ = (args, data);
    Err("not written yet".into())
}
