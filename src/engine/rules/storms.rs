//! Warp storm movement geometry (Rules Reference, "Warp Storms, Moving"). A storm on a tile
//! edge may move to the 8 edges touching it; an event card's icon offers two of them. Our
//! reading of the booklet's lost diagram (ruling `diagonal-storm-moves`): *across* = the two parallel edges one
//! tile away, *sideways* = the two collinear edges, and the diagonal icons pivot the storm about
//! one end onto a perpendicular edge towards the named corner. This is the one place to change
//! if the printed diagram says otherwise.

use crate::engine::data::StormIcon;
use crate::engine::state::ids::EdgeId;

/// The two destinations an icon offers for a storm on `edge`, before checking the board's
/// bounds and other storms. `None` where a destination would fall off the grid at index -1.
#[must_use]
pub fn storm_destinations(edge: EdgeId, icon: StormIcon) -> [Option<EdgeId>; 2] {
    let dec = |v: u8| v.checked_sub(1);
    match edge {
        EdgeId::Horizontal { x, y } => match icon {
            StormIcon::Across => [
                dec(y).map(|y| EdgeId::Horizontal { x, y }),
                Some(EdgeId::Horizontal { x, y: y + 1 }),
            ],
            StormIcon::Sideways => [
                dec(x).map(|x| EdgeId::Horizontal { x, y }),
                Some(EdgeId::Horizontal { x: x + 1, y }),
            ],
            // Top-left: the left edge of the tile above; bottom-right: the right edge of the tile below.
            StormIcon::DiagonalTlBr => [
                dec(y).map(|y| EdgeId::Vertical { x, y }),
                Some(EdgeId::Vertical { x: x + 1, y }),
            ],
            // Top-right: the right edge of the tile above; bottom-left: the left edge of the tile below.
            StormIcon::DiagonalTrBl => [
                dec(y).map(|y| EdgeId::Vertical { x: x + 1, y }),
                Some(EdgeId::Vertical { x, y }),
            ],
        },
        EdgeId::Vertical { x, y } => match icon {
            StormIcon::Across => [
                dec(x).map(|x| EdgeId::Vertical { x, y }),
                Some(EdgeId::Vertical { x: x + 1, y }),
            ],
            StormIcon::Sideways => [
                dec(y).map(|y| EdgeId::Vertical { x, y }),
                Some(EdgeId::Vertical { x, y: y + 1 }),
            ],
            // Top-left: the top edge of the tile to the left; bottom-right: the bottom edge of the tile to the right.
            StormIcon::DiagonalTlBr => [
                dec(x).map(|x| EdgeId::Horizontal { x, y }),
                Some(EdgeId::Horizontal { x, y: y + 1 }),
            ],
            // Top-right: the top edge of the tile to the right; bottom-left: the bottom edge of the tile to the left.
            StormIcon::DiagonalTrBl => [
                Some(EdgeId::Horizontal { x, y }),
                dec(x).map(|x| EdgeId::Horizontal { x, y: y + 1 }),
            ],
        },
    }
}
