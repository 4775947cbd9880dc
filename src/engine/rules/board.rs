//! The board: a rectangle of system tiles, each a 2x2 of areas. Adjacency of areas and
//! systems, tile edges for warp storms, and ground-unit paths.

use std::collections::BTreeMap;

use crate::engine::data::{AreaData, GameData};
use crate::engine::state::board_layout::BoardLayout;
use crate::engine::state::card_name::CardText;
use crate::engine::state::ids::{AreaId, Asset, EdgeId, Quadrant, Side, SystemId};

/// What kind of area it is, with a world's printed banner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AreaKind {
    /// A void: capacity 3, ships only.
    Void,
    /// A world.
    World(World),
}

/// A world's printed banner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct World {
    /// Its name.
    pub name: String,
    /// Materiel paid each Refresh Phase.
    pub materiel: u8,
    /// Unit capacity.
    pub capacity: u8,
    /// Asset icons.
    pub assets: Vec<Asset>,
    /// Whether it has an objective token space.
    pub objective_space: bool,
}

/// One area of the board as printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AreaInfo {
    /// Where it is.
    pub id: AreaId,
    /// World or void.
    pub kind: AreaKind,
}

impl AreaInfo {
    /// Whether this area is a world.
    #[must_use]
    pub fn is_world(&self) -> bool {
        matches!(self.kind, AreaKind::World(_))
    }

    /// The world's banner, if it is a world.
    #[must_use]
    pub fn world(&self) -> Option<&World> {
        match &self.kind {
            AreaKind::World(w) => Some(w),
            AreaKind::Void => None,
        }
    }

    /// Unit capacity: the world's skulls, or `void_capacity` for a void.
    #[must_use]
    pub fn capacity(&self, void_capacity: u8) -> u8 {
        self.world().map_or(void_capacity, |w| w.capacity)
    }

    /// A short label: the world's name or "void".
    #[must_use]
    pub fn label(&self) -> &str {
        self.world().map_or("void", |w| w.name.as_str())
    }
}

/// A problem with a board layout.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The size is not one of 3x2, 3x3, 3x4 (either way round) or similar.
    #[error("a board must be 1 to 4 tiles wide and high, not {cols}x{rows}")]
    BadSize {
        /// Width given.
        cols: u8,
        /// Height given.
        rows: u8,
    },
    /// A system of the rectangle has no tile.
    #[error("system {0} has no tile (the board must be a full rectangle)")]
    MissingTile(SystemId),
    /// A tile lies outside the rectangle.
    #[error("system {0} lies outside the {1}x{2} board")]
    OutsideBoard(SystemId, u8, u8),
    /// The tile code is unknown.
    #[error("system {system}: no tile side is called `{code}`")]
    UnknownTile {
        /// Where.
        system: SystemId,
        /// The code given.
        code: String,
    },
    /// The same physical tile appears twice.
    #[error("tile {number} is used twice ({first} and {second})")]
    TileTwice {
        /// Tile number.
        number: String,
        /// First system using it.
        first: SystemId,
        /// Second system using it.
        second: SystemId,
    },
    /// Rotation out of range.
    #[error("system {0}: rotation must be 0-3")]
    BadRotation(SystemId),
}

/// The board: every area's printed data and the geometry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    cols: u8,
    rows: u8,
    /// Areas in grid order (row-major on the area grid); `None` where no tile lies yet (only
    /// on a board under construction, see [`Board::new_partial`]).
    areas: Vec<Option<AreaInfo>>,
    /// System names by system, row-major.
    names: Vec<CardText>,
}

impl Board {
    /// Builds the board from a layout and the tile data.
    ///
    /// # Errors
    /// Every problem of the layout (size, missing or unknown tiles, a tile used twice).
    pub fn new(layout: &BoardLayout, data: &GameData) -> Result<Board, Vec<BoardError>> {
        Board::build(layout, data, false)
    }

    /// Builds a board under construction: systems of the grid without a tile are simply not
    /// on the board (they have no areas, no edges and no neighbours).
    ///
    /// # Errors
    /// Every problem of the layout but missing tiles.
    pub fn new_partial(layout: &BoardLayout, data: &GameData) -> Result<Board, Vec<BoardError>> {
        Board::build(layout, data, true)
    }

    fn build(
        layout: &BoardLayout,
        data: &GameData,
        partial: bool,
    ) -> Result<Board, Vec<BoardError>> {
        let mut errors = Vec::new();
        let (cols, rows) = (layout.cols, layout.rows);
        let max = if partial { 7 } else { 4 };
        if !(1..=max).contains(&cols) || !(1..=max).contains(&rows) {
            return Err(vec![BoardError::BadSize { cols, rows }]);
        }
        let mut used: BTreeMap<&str, SystemId> = BTreeMap::new();
        for (&system, placed) in &layout.tiles {
            if system.col >= cols || system.row >= rows {
                errors.push(BoardError::OutsideBoard(system, cols, rows));
            }
            if placed.rotation > 3 {
                errors.push(BoardError::BadRotation(system));
            }
            // The printed number: the code without its side letter.
            let number = placed.tile.trim_end_matches(|c: char| !c.is_ascii_digit());
            if let Some(&first) = used.get(number) {
                errors.push(BoardError::TileTwice {
                    number: number.to_owned(),
                    first,
                    second: system,
                });
            } else {
                used.insert(number, system);
            }
        }
        let (w, h) = (usize::from(cols), usize::from(rows));
        let mut areas: Vec<Option<AreaInfo>> = vec![None; w * h * 4];
        let mut names = vec![CardText::fixed(""); w * h];
        // Tile by tile (a board under construction is mostly empty), then the gaps in reading
        // order.
        for (&system, placed) in &layout.tiles {
            if system.col >= cols || system.row >= rows {
                continue;
            }
            let Some(side) = data.tile_side(&placed.tile) else {
                errors.push(BoardError::UnknownTile {
                    system,
                    code: placed.tile.to_string(),
                });
                continue;
            };
            names[usize::from(system.row) * w + usize::from(system.col)] = side.name.clone();
            for q in Quadrant::ALL {
                let id = AreaId::new(system, q);
                // The area shown at board quadrant q came from data quadrant q turned back.
                let source = q.rotated(4 - placed.rotation % 4);
                let kind = match side.areas.get(&source) {
                    Some(AreaData::World {
                        name,
                        materiel,
                        capacity,
                        assets,
                        objective_space,
                    }) => AreaKind::World(World {
                        name: name.clone(),
                        materiel: *materiel,
                        capacity: *capacity,
                        assets: assets.clone(),
                        objective_space: *objective_space,
                    }),
                    _ => AreaKind::Void,
                };
                let (x, y) = id.grid();
                areas[usize::from(y) * w * 2 + usize::from(x)] = Some(AreaInfo { id, kind });
            }
        }
        if !partial {
            for row in 0..rows {
                for col in 0..cols {
                    let s = SystemId::new(col, row);
                    if !layout.tiles.contains_key(&s) {
                        errors.push(BoardError::MissingTile(s));
                    }
                }
            }
        }
        if errors.is_empty() {
            Ok(Board {
                cols,
                rows,
                areas,
                names,
            })
        } else {
            Err(errors)
        }
    }

    /// Width in tiles.
    #[must_use]
    pub fn cols(&self) -> u8 {
        self.cols
    }

    /// Height in tiles.
    #[must_use]
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// Whether the system lies on the board (and, on a board under construction, holds a tile).
    #[must_use]
    pub fn has_system(&self, s: SystemId) -> bool {
        s.col < self.cols
            && s.row < self.rows
            && self
                .areas
                .get(usize::from(s.row) * 2 * usize::from(self.cols) * 2 + usize::from(s.col) * 2)
                .is_some_and(Option::is_some)
    }

    /// Whether every system of the rectangle holds a tile (false only during construction).
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.areas.iter().all(Option::is_some)
    }

    /// Whether the area lies on the board.
    #[must_use]
    pub fn has_area(&self, a: AreaId) -> bool {
        self.has_system(a.system)
    }

    /// Every system, row by row.
    pub fn systems(&self) -> impl Iterator<Item = SystemId> + '_ {
        (0..self.rows)
            .flat_map(move |r| (0..self.cols).map(move |c| SystemId::new(c, r)))
            .filter(|&s| self.has_system(s))
    }

    /// Every area, row by row on the area grid.
    pub fn areas(&self) -> impl Iterator<Item = &AreaInfo> + '_ {
        self.areas.iter().flatten()
    }

    /// The four areas of a system.
    pub fn areas_of(&self, s: SystemId) -> impl Iterator<Item = &AreaInfo> + '_ {
        Quadrant::ALL
            .into_iter()
            .filter_map(move |q| self.area(AreaId::new(s, q)))
    }

    /// One area's printed data, if it is on the board.
    #[must_use]
    pub fn area(&self, a: AreaId) -> Option<&AreaInfo> {
        if !self.has_area(a) {
            return None;
        }
        let (x, y) = a.grid();
        self.areas
            .get(usize::from(y) * usize::from(self.cols) * 2 + usize::from(x))
            .and_then(Option::as_ref)
    }

    /// The system's name (from its tile).
    #[must_use]
    pub fn system_name(&self, s: SystemId) -> &str {
        self.system_title(s).map_or("", CardText::as_str)
    }

    /// The system's name as the data shares it, for an event to hold without copying it.
    #[must_use]
    pub fn system_title(&self, s: SystemId) -> Option<&CardText> {
        if !self.has_system(s) {
            return None;
        }
        self.names
            .get(usize::from(s.row) * usize::from(self.cols) + usize::from(s.col))
    }

    /// The areas sharing an edge with `a` (never diagonal ones), on the board.
    pub fn area_neighbours(&self, a: AreaId) -> impl Iterator<Item = AreaId> + '_ {
        let (x, y) = a.grid();
        let (w, h) = (self.cols * 2, self.rows * 2);
        let candidates = [
            (x.checked_sub(1), Some(y)),
            (if x + 1 < w { Some(x + 1) } else { None }, Some(y)),
            (Some(x), y.checked_sub(1)),
            (Some(x), if y + 1 < h { Some(y + 1) } else { None }),
        ];
        candidates
            .into_iter()
            .filter_map(|(nx, ny)| Some(AreaId::from_grid(nx?, ny?)))
            .filter(|n| self.has_area(*n))
    }

    /// Whether two areas share an edge.
    #[must_use]
    pub fn areas_adjacent(&self, a: AreaId, b: AreaId) -> bool {
        self.area_neighbours(a).any(|n| n == b)
    }

    /// The tile edge two adjacent areas of different systems are divided by, if they are.
    #[must_use]
    pub fn edge_between(a: AreaId, b: AreaId) -> Option<EdgeId> {
        if a.system == b.system {
            return None;
        }
        let (s, t) = (a.system, b.system);
        if s.row == t.row && t.col == s.col + 1 {
            Some(EdgeId::of(s, Side::E))
        } else if s.row == t.row && s.col == t.col + 1 {
            Some(EdgeId::of(s, Side::W))
        } else if s.col == t.col && t.row == s.row + 1 {
            Some(EdgeId::of(s, Side::S))
        } else if s.col == t.col && s.row == t.row + 1 {
            Some(EdgeId::of(s, Side::N))
        } else {
            None
        }
    }

    /// The systems sharing a tile edge with `s` (warp storms do not break adjacency).
    pub fn system_neighbours(&self, s: SystemId) -> impl Iterator<Item = SystemId> + '_ {
        let candidates = [
            s.col.checked_sub(1).map(|c| SystemId::new(c, s.row)),
            Some(SystemId::new(s.col + 1, s.row)),
            s.row.checked_sub(1).map(|r| SystemId::new(s.col, r)),
            Some(SystemId::new(s.col, s.row + 1)),
        ];
        candidates
            .into_iter()
            .flatten()
            .filter(|n| self.has_system(*n))
    }

    /// Whether two systems share a tile edge.
    #[must_use]
    pub fn systems_adjacent(&self, a: SystemId, b: SystemId) -> bool {
        self.system_neighbours(a).any(|n| n == b)
    }

    /// Whether the edge lies on this board (outer edges included).
    #[must_use]
    pub fn has_edge(&self, e: EdgeId) -> bool {
        let (before, after) = match e {
            EdgeId::Horizontal { x, y } => (
                y.checked_sub(1).map(|r| SystemId::new(x, r)),
                SystemId::new(x, y),
            ),
            EdgeId::Vertical { x, y } => (
                x.checked_sub(1).map(|c| SystemId::new(c, y)),
                SystemId::new(x, y),
            ),
        };
        before.is_some_and(|s| self.has_system(s)) || self.has_system(after)
    }

    /// Every tile edge of the board, outer edges included.
    #[must_use]
    pub fn edges(&self) -> Vec<EdgeId> {
        let mut out = Vec::new();
        for y in 0..=self.rows {
            for x in 0..self.cols {
                out.push(EdgeId::Horizontal { x, y });
            }
        }
        for y in 0..self.rows {
            for x in 0..=self.cols {
                out.push(EdgeId::Vertical { x, y });
            }
        }
        if !self.is_complete() {
            out.retain(|&e| self.has_edge(e));
        }
        out
    }

    /// Whether a unit may step from `a` to the adjacent area `b` without crossing a warp storm.
    #[must_use]
    pub fn step_open(a: AreaId, b: AreaId, storm_at: impl Fn(EdgeId) -> bool) -> bool {
        Board::edge_between(a, b).is_none_or(|e| !storm_at(e))
    }

    /// A legal ground path from `from` to `to` (Rules Reference, "Moving Ground Units"): every
    /// step crosses a shared edge not lying under a storm; every area between the two ends is
    /// one for which `passable` holds (the caller says: friendly, not contested, not an enemy,
    /// uncontrolled or contested void); and the whole path stays within `systems` (the unit's
    /// starting system and the active system: no detours through other systems). Returns the
    /// areas of the path, ends included, or `None`.
    #[must_use]
    pub fn ground_path(
        &self,
        from: AreaId,
        to: AreaId,
        systems: &[SystemId],
        storm_at: impl Fn(EdgeId) -> bool,
        passable: impl Fn(AreaId) -> bool,
    ) -> Option<Vec<AreaId>> {
        let mut stack = [(from, from); SMALL_SEARCH];
        let mut heap = Vec::new();
        let reached = search_buffer(&mut stack, &mut heap, from, systems);
        let (len, last) = self.ground_search(from, to, systems, storm_at, passable, reached)?;
        let reached = &reached[..len];
        let mut path = vec![to, last];
        let mut at = last;
        while let Some(&(_, p)) = reached.iter().find(|&&(a, _)| a == at) {
            path.push(p);
            at = p;
        }
        path.reverse();
        Some(path)
    }

    /// Whether [`Board::ground_path`] finds a path, without building it: the Advance order
    /// asks this for every pair of areas, so it allocates nothing on a usual board (#26).
    #[must_use]
    pub fn has_ground_path(
        &self,
        from: AreaId,
        to: AreaId,
        systems: &[SystemId],
        storm_at: impl Fn(EdgeId) -> bool,
        passable: impl Fn(AreaId) -> bool,
    ) -> bool {
        let mut stack = [(from, from); SMALL_SEARCH];
        let mut heap = Vec::new();
        let reached = search_buffer(&mut stack, &mut heap, from, systems);
        self.ground_search(from, to, systems, storm_at, passable, reached)
            .is_some()
    }

    /// The breadth-first search of [`Board::ground_path`]: `reached` (long enough for every
    /// area of `systems`) is the queue and the list of areas reached, each with the area it was
    /// reached from. Returns how many areas were reached and the area the last step to `to`
    /// starts from.
    fn ground_search(
        &self,
        from: AreaId,
        to: AreaId,
        systems: &[SystemId],
        storm_at: impl Fn(EdgeId) -> bool,
        passable: impl Fn(AreaId) -> bool,
        reached: &mut [(AreaId, AreaId)],
    ) -> Option<(usize, AreaId)> {
        if from == to || !self.has_area(from) || !self.has_area(to) {
            return None;
        }
        let mut len = 0;
        let mut next_to_visit = 0;
        let mut here = from;
        loop {
            for next in self.area_neighbours(here) {
                if next == from
                    || reached[..len].iter().any(|&(a, _)| a == next)
                    || !systems.contains(&next.system)
                {
                    continue;
                }
                if !Board::step_open(here, next, &storm_at) {
                    continue;
                }
                if next == to {
                    return Some((len, here));
                }
                if passable(next) {
                    // Each area is reached once and lies in `systems`: the buffer has room.
                    *reached.get_mut(len)? = (next, here);
                    len += 1;
                }
            }
            let &(area, _) = reached[..len].get(next_to_visit)?;
            here = area;
            next_to_visit += 1;
        }
    }
}

/// How many areas a path search holds on the stack: those of eight systems (a search spans
/// two or three).
const SMALL_SEARCH: usize = 32;

/// Room for the areas a path search within `systems` can reach: the stack buffer when it is
/// long enough, else a vector.
fn search_buffer<'a>(
    stack: &'a mut [(AreaId, AreaId); SMALL_SEARCH],
    heap: &'a mut Vec<(AreaId, AreaId)>,
    from: AreaId,
    systems: &[SystemId],
) -> &'a mut [(AreaId, AreaId)] {
    let need = 4 * systems.len();
    if need <= SMALL_SEARCH {
        &mut stack[..]
    } else {
        heap.resize(need, (from, from));
        &mut heap[..]
    }
}
