//! Constructing the game board during setup (Rules Reference, "Setup", step 4; Learn to Play,
//! "Constructing the Game Board"): dealing tiles and objective tokens, then clockwise from the
//! first player each places a tile, may place initial forces on it and places opponents'
//! objective tokens on it, three rounds; then, from the player who placed the last tile and
//! anticlockwise, each places a warp storm. The grid the board grows on is described in
//! [`crate::engine::state::setup_phase`].

use crate::engine::state::card_name::CardText;
use crate::engine::state::rule::Rule;
use std::collections::BTreeMap;
use std::sync::Arc;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::hand::starting_player;
use super::{DecisionKind, Event, Game, NewGameError, NewGameOptions, RuleError};
use crate::engine::data::{AreaData, GameData};
use crate::engine::rules::board::{AreaInfo, Board};
use crate::engine::state::action::Action;
use crate::engine::state::board_layout::BoardLayout;
use crate::engine::state::board_layout::PlacedTile;
use crate::engine::state::ids::{AreaId, Faction, Seat, StructureKind, SystemId};
use crate::engine::state::phase::Phase;
use crate::engine::state::position::{Position, Storm, Structure, Unit};
use crate::engine::state::setup_phase::{SetupState, SetupStep};
use crate::engine::state::unit_type::UnitType;

/// The Rules Reference topic every setup rule falls under.
const RULE: Rule = Rule::Setup;

/// The longest side of the finished board: 3, or 4 with four players.
fn longest_side(players: usize) -> u8 {
    u8::try_from(players.max(3)).unwrap_or(4)
}

/// The side of the square construction grid: room for the board to grow either way.
#[must_use]
pub fn grid_side(players: usize) -> u8 {
    longest_side(players) * 2 - 1
}

/// Where the first tile goes: the middle of the construction grid (`C3` or `D4`).
#[must_use]
pub fn first_tile_system(players: usize) -> SystemId {
    let m = longest_side(players) - 1;
    SystemId::new(m, m)
}

/// Whether a `w` x `h` block of tiles fits the largest board for the player count (three by
/// two, three or four tiles, either way round: the orientation is open until a row or column
/// is full).
#[must_use]
pub fn fits_board_size(players: usize, w: u8, h: u8) -> bool {
    let n = u8::try_from(players).unwrap_or(4);
    (w <= 3 && h <= n) || (w <= n && h <= 3)
}

/// Unplaced initial forces: units and structures by type, with how many of each.
type Forces = (Vec<(UnitType, u8)>, Vec<(StructureKind, u8)>);

/// Room on one tile side: ground-unit capacity of its worlds, ship capacity of its voids,
/// and its worlds (one structure each).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Room {
    ground: u16,
    ships: u16,
    worlds: u16,
}

impl Room {
    fn plus(self, o: Room) -> Room {
        Room {
            ground: self.ground + o.ground,
            ships: self.ships + o.ships,
            worlds: self.worlds + o.worlds,
        }
    }

    fn holds(self, need: Room) -> bool {
        need.ground <= self.ground && need.ships <= self.ships && need.worlds <= self.worlds
    }

    fn is_empty(self) -> bool {
        self == Room::default()
    }
}

/// The room on a tile side.
fn side_room(data: &GameData, number: u8, side_b: bool) -> Room {
    let Some(side) = data
        .tiles
        .iter()
        .find(|t| t.number == number)
        .and_then(|t| t.sides.get(usize::from(side_b)))
    else {
        return Room::default();
    };
    side.areas.values().fold(Room::default(), |r, a| match a {
        AreaData::World { capacity, .. } => Room {
            ground: r.ground + u16::from(*capacity),
            worlds: r.worlds + 1,
            ..r
        },
        AreaData::Void => Room {
            ships: r.ships + u16::from(data.components.void_capacity),
            ..r
        },
    })
}

/// Whether `need` fits on `fixed` plus one side of each tile of `free` (some choice of sides).
fn fits_some(data: &GameData, need: Room, fixed: Room, free: &[u8]) -> bool {
    match free.split_first() {
        None => fixed.holds(need),
        Some((&t, rest)) => [false, true]
            .into_iter()
            .any(|b| fits_some(data, need, fixed.plus(side_room(data, t, b)), rest)),
    }
}

/// The tile side code (`10A`).
fn side_code(number: u8, side_b: bool) -> String {
    format!("{number}{}", if side_b { 'B' } else { 'A' })
}

/// The systems of the grid holding a tile, and their bounding box (min col, min row, max col,
/// max row), if any.
fn bounds(layout: &BoardLayout) -> Option<(u8, u8, u8, u8)> {
    let mut it = layout.tiles.keys();
    let first = it.next()?;
    Some(it.fold(
        (first.col, first.row, first.col, first.row),
        |(a, b, c, d), s| (a.min(s.col), b.min(s.row), c.max(s.col), d.max(s.row)),
    ))
}

/// Why a tile may not go on `system` (grid, occupancy, adjacency, board size), if it may not.
fn placement_problem(layout: &BoardLayout, players: usize, system: SystemId) -> Option<String> {
    if system.col >= layout.cols || system.row >= layout.rows {
        return Some(format!(
            "{system} is off the {}x{} construction grid",
            layout.cols, layout.rows
        ));
    }
    if layout.tiles.contains_key(&system) {
        return Some(format!("{system} already holds a system tile"));
    }
    let Some((c0, r0, c1, r1)) = bounds(layout) else {
        let first = first_tile_system(players);
        return (system != first).then(|| {
            format!("the first system tile goes in the middle of the construction grid, {first}")
        });
    };
    let adjacent = layout.tiles.keys().any(|s| {
        (s.col == system.col && s.row.abs_diff(system.row) == 1)
            || (s.row == system.row && s.col.abs_diff(system.col) == 1)
    });
    if !adjacent {
        return Some(format!(
            "{system} is not adjacent to a placed system tile; every tile after the first is placed adjacent to at least one other"
        ));
    }
    let w = c1.max(system.col) - c0.min(system.col) + 1;
    let h = r1.max(system.row) - r0.min(system.row) + 1;
    (!fits_board_size(players, w, h)).then(|| {
        let n = u8::try_from(players).unwrap_or(4);
        format!(
            "a tile on {system} makes the board {w}x{h} tiles; with {players} players it may be at most 3x{n} or {n}x3"
        )
    })
}

/// Every system a tile may go on now: the middle of the grid for the first tile, then the
/// free neighbours of placed tiles that keep the board within its largest size.
fn tile_places(layout: &BoardLayout, players: usize) -> Vec<SystemId> {
    let Some((c0, r0, c1, r1)) = bounds(layout) else {
        return vec![first_tile_system(players)];
    };
    let mut out: Vec<SystemId> = Vec::new();
    for s in layout.tiles.keys() {
        let around = [
            s.col.checked_sub(1).map(|c| SystemId::new(c, s.row)),
            Some(SystemId::new(s.col + 1, s.row)),
            s.row.checked_sub(1).map(|r| SystemId::new(s.col, r)),
            Some(SystemId::new(s.col, s.row + 1)),
        ];
        for t in around.into_iter().flatten() {
            if t.col >= layout.cols
                || t.row >= layout.rows
                || out.contains(&t)
                || layout.tiles.contains_key(&t)
            {
                continue;
            }
            let w = c1.max(t.col) - c0.min(t.col) + 1;
            let h = r1.max(t.row) - r0.min(t.row) + 1;
            if fits_board_size(players, w, h) {
                out.push(t);
            }
        }
    }
    out.sort();
    out
}

impl Game {
    /// The setup in progress, if the board is still being constructed.
    #[must_use]
    pub fn setup_state(&self) -> Option<&SetupState> {
        match &self.pos.phase {
            Phase::Setup(s) => Some(s),
            _ => None,
        }
    }

    /// The systems a system tile may still go on while the board is constructed, whatever the
    /// step under way (the next tile's places stay the same while forces and objective tokens
    /// go on the last one); empty once every tile is placed. Public: it follows from the tiles
    /// on the board. The client shows the placed tiles and these places, not the whole grid.
    #[must_use]
    pub fn open_tile_places(&self) -> Vec<SystemId> {
        match &self.pos.phase {
            Phase::Setup(s) if s.hands.iter().any(|h| !h.is_empty()) => {
                tile_places(&self.pos.board, self.player_count())
            }
            _ => Vec::new(),
        }
    }

    /// Plays the rest of the setup by seeded random choices among the legal actions (for tests
    /// and quick starts); the game's own generator is untouched by the choosing.
    pub fn play_setup_randomly(&mut self, seed: u64) -> Vec<Event> {
        let mut chooser = ChaCha8Rng::seed_from_u64(seed);
        let mut log = Vec::new();
        while matches!(self.pos.phase, Phase::Setup(_)) {
            let legal = self.legal_actions();
            if legal.is_empty() {
                break;
            }
            let act = legal[chooser.random_range(0..legal.len())];
            match self.apply(act) {
                Ok(events) => log.extend(events),
                Err(_) => break,
            }
        }
        log
    }

    /// The seat and kind of a setup decision.
    pub(super) fn setup_decision(s: &SetupState) -> (Seat, DecisionKind) {
        let kind = match s.step {
            SetupStep::Tile => DecisionKind::PlaceTile,
            SetupStep::Forces { .. } => DecisionKind::PlaceForces,
            SetupStep::Objectives { .. } => DecisionKind::PlaceObjective,
            SetupStep::Storm => DecisionKind::PlaceStorm,
        };
        (s.turn, kind)
    }

    /// The initial forces a faction has not placed yet: units and structures by type. (Plain
    /// loops: this runs for every setup decision.)
    fn forces_left(&self, faction: Faction) -> Forces {
        let sheet = &self.data.faction(faction).initial_forces;
        let mut units: Vec<(UnitType, u8)> = sheet.units.iter().map(|(&u, &c)| (u, c)).collect();
        let mut structures: Vec<(StructureKind, u8)> =
            sheet.structures.iter().map(|(&k, &c)| (k, c)).collect();
        for area in self.pos.areas.values() {
            for u in &area.units {
                for entry in &mut units {
                    if entry.0 == u.unit {
                        entry.1 = entry.1.saturating_sub(1);
                    }
                }
            }
            for st in &area.structures {
                if st.owner == faction {
                    for entry in &mut structures {
                        if entry.0 == st.kind {
                            entry.1 = entry.1.saturating_sub(1);
                        }
                    }
                }
            }
        }
        units.retain(|e| e.1 > 0);
        structures.retain(|e| e.1 > 0);
        (units, structures)
    }

    /// The room the unplaced initial forces of a faction need.
    fn forces_need(&self, faction: Faction) -> Room {
        let (units, structures) = self.forces_left(faction);
        self.need_of(&units, &structures)
    }

    /// The room some units and structures need.
    fn need_of(&self, units: &[(UnitType, u8)], structures: &[(StructureKind, u8)]) -> Room {
        let mut need = Room::default();
        for &(u, c) in units {
            if self.is_ship(u) {
                need.ships += u16::from(c);
            } else {
                need.ground += u16::from(c);
            }
        }
        need.worlds = structures.iter().map(|(_, c)| u16::from(*c)).sum();
        need
    }

    /// Every legal setup action.
    pub(super) fn setup_actions(&self, s: &SetupState, out: &mut Vec<Action>) {
        let seat = s.turn;
        let faction = self.faction(seat);
        match s.step {
            SetupStep::Tile => {
                let layout = &self.pos.board;
                let n = self.player_count();
                let systems = tile_places(layout, n);
                let hand = s.hands.get(seat.index()).cloned().unwrap_or_default();
                let need = self.forces_need(faction);
                for (i, &number) in hand.iter().enumerate() {
                    let rest: Vec<u8> = hand
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| *j != i)
                        .map(|(_, t)| *t)
                        .collect();
                    for side_b in [false, true] {
                        let room = side_room(&self.data, number, side_b);
                        if room.is_empty() || !fits_some(&self.data, need, room, &rest) {
                            continue;
                        }
                        for &system in &systems {
                            out.extend((0..4).map(|rotation| Action::PlaceTile {
                                number,
                                side_b,
                                rotation,
                                system,
                            }));
                        }
                    }
                }
            }
            SetupStep::Forces { system } => {
                let (units, structures) = self.forces_left(faction);
                for info in self.board.areas_of(system) {
                    let here = self.pos.area(info.id);
                    let room = usize::from(self.capacity(info.id));
                    for &(unit, _) in &units {
                        let ship = self.is_ship(unit);
                        if ship != info.is_world() && here.units.len() < room {
                            out.push(Action::SetupUnit {
                                unit,
                                area: info.id,
                            });
                        }
                    }
                    if info.is_world() && here.structures.is_empty() {
                        out.extend(structures.iter().map(|&(kind, _)| Action::SetupStructure {
                            kind,
                            area: info.id,
                        }));
                    }
                }
                let hand = s.hands.get(seat.index()).map_or(&[][..], Vec::as_slice);
                if !hand.is_empty()
                    && fits_some(
                        &self.data,
                        self.need_of(&units, &structures),
                        Room::default(),
                        hand,
                    )
                {
                    out.push(Action::Done);
                }
            }
            SetupStep::Objectives { system } => self.objective_actions(s, system, out),
            SetupStep::Storm => {
                out.extend(
                    self.board
                        .edges()
                        .into_iter()
                        .filter(|&e| !self.pos.storm_at(e))
                        .map(|edge| Action::PlaceStorm { edge }),
                );
            }
        }
    }

    /// The objective tokens the seat may place on the tile's free objective spaces.
    fn objective_actions(&self, s: &SetupState, system: SystemId, out: &mut Vec<Action>) {
        let held = s
            .objectives
            .get(s.turn.index())
            .map_or(&[][..], Vec::as_slice);
        let count = |f: Faction| held.iter().filter(|h| **h == f).count();
        let most = held.iter().map(|&f| count(f)).max().unwrap_or(0);
        if most == 0 {
            return;
        }
        let on_tile: Vec<Faction> = self
            .board
            .areas_of(system)
            .flat_map(|a| self.pos.area(a.id).objectives.iter().copied())
            .collect();
        let mut factions: Vec<Faction> = held
            .iter()
            .copied()
            .filter(|&f| count(f) == most && !on_tile.contains(&f))
            .collect();
        factions.sort();
        factions.dedup();
        for info in self.board.areas_of(system) {
            let free = info.world().is_some_and(|w| w.objective_space)
                && self.pos.area(info.id).objectives.is_empty();
            if free {
                out.extend(factions.iter().map(|&faction| Action::PlaceObjective {
                    area: info.id,
                    faction,
                }));
            }
        }
    }

    /// Applies a legal setup action.
    pub(super) fn apply_setup(&mut self, mut s: SetupState, action: Action, log: &mut Vec<Event>) {
        let seat = s.turn;
        match action {
            Action::PlaceTile {
                number,
                side_b,
                rotation,
                system,
            } => {
                if let Some(hand) = s.hands.get_mut(seat.index()) {
                    hand.retain(|t| *t != number);
                }
                // The data's shared code: placing a tile copies no text.
                let code = self
                    .data
                    .tile_side_code(number, side_b)
                    .cloned()
                    .unwrap_or_else(|| side_code(number, side_b).into());
                self.pos.board.tiles.insert(
                    system,
                    PlacedTile {
                        tile: code,
                        rotation,
                    },
                );
                if let Ok(board) = Board::new_partial(&self.pos.board, &self.data) {
                    self.board = Arc::new(board);
                }
                log.push(Event::TilePlaced {
                    faction: self.faction(seat),
                    number,
                    side_b,
                    system_name: self
                        .board
                        .system_title(system)
                        .cloned()
                        .unwrap_or(CardText::fixed("")),
                    system,
                    rotation,
                });
                s.step = SetupStep::Forces { system };
            }
            Action::SetupUnit { unit, area } => {
                self.pos.area_mut(area).units.push(Unit::new(unit));
                log.push(Event::SetupUnit {
                    faction: self.faction(seat),
                    unit,
                    area,
                });
            }
            Action::SetupStructure { kind, area } => {
                let owner = self.faction(seat);
                self.pos
                    .area_mut(area)
                    .structures
                    .push(Structure { kind, owner });
                log.push(Event::SetupStructure {
                    faction: self.faction(seat),
                    kind,
                    area,
                });
            }
            Action::Done => {
                if let SetupStep::Forces { system } = s.step {
                    s.step = SetupStep::Objectives { system };
                }
            }
            Action::PlaceObjective { area, faction } => {
                if let Some(held) = s.objectives.get_mut(seat.index())
                    && let Some(i) = held.iter().position(|f| *f == faction)
                {
                    held.remove(i);
                }
                self.pos.area_mut(area).objectives.push(faction);
                log.push(Event::SetupObjective {
                    faction: self.faction(seat),
                    owner: faction,
                    area,
                });
            }
            Action::PlaceStorm { edge } => {
                self.pos.storms.push(Storm { edge, moved: false });
                log.push(Event::SetupStorm {
                    faction: self.faction(seat),
                    edge,
                });
                let n = self.player_count();
                if self.pos.storms.len() >= n {
                    let first = self.pos.first_player;
                    log.push(Event::SetupComplete {
                        first: self.faction(first),
                    });
                    self.set_phase(Phase::Planning { turn: first });
                    return;
                }
                // Anticlockwise: the previous seat.
                s.turn = Seat(u8::try_from((seat.index() + n - 1) % n).unwrap_or(0));
            }
            _ => {}
        }
        self.set_phase(Phase::Setup(s));
    }

    /// The setup steps that need no decision: a seat with no forces left to place, a tile with
    /// no objective token to place, and the end of a seat's tile turn. Returns whether anything
    /// changed.
    pub(super) fn auto_setup(&mut self, mut s: SetupState, log: &mut Vec<Event>) -> bool {
        let n = self.player_count();
        match s.step {
            SetupStep::Tile | SetupStep::Storm => return false,
            SetupStep::Forces { system } => {
                if !self.forces_need(self.faction(s.turn)).is_empty() {
                    return false;
                }
                s.step = SetupStep::Objectives { system };
            }
            SetupStep::Objectives { system } => {
                let mut out = Vec::new();
                self.objective_actions(&s, system, &mut out);
                if !out.is_empty() {
                    return false;
                }
                if s.hands.iter().all(Vec::is_empty) {
                    self.complete_board(log);
                    // The player who placed the last tile places the first storm.
                    s.step = SetupStep::Storm;
                } else {
                    s.turn = s.turn.next(n);
                    s.step = SetupStep::Tile;
                }
            }
        }
        self.set_phase(Phase::Setup(s));
        true
    }

    /// Shifts the finished board so its top-left system is `A1` and cuts it to its rectangle.
    fn complete_board(&mut self, log: &mut Vec<Event>) {
        let Some((c0, r0, c1, r1)) = bounds(&self.pos.board) else {
            return;
        };
        let shift = |s: SystemId| SystemId::new(s.col - c0, s.row - r0);
        let tiles = std::mem::take(&mut self.pos.board.tiles);
        self.pos.board = BoardLayout {
            cols: c1 - c0 + 1,
            rows: r1 - r0 + 1,
            tiles: tiles.into_iter().map(|(s, t)| (shift(s), t)).collect(),
        };
        let areas = std::mem::take(&mut self.pos.areas);
        self.pos.areas = areas
            .into_iter()
            .map(|(a, st)| (AreaId::new(shift(a.system), a.quadrant), st))
            .collect();
        if let Ok(board) = Board::new(&self.pos.board, &self.data) {
            self.board = Arc::new(board);
        }
        log.push(Event::BoardComplete {
            cols: self.pos.board.cols,
            rows: self.pos.board.rows,
        });
    }

    /// Why a setup action is refused.
    pub(super) fn explain_setup(&self, s: &SetupState, action: Action) -> RuleError {
        let seat = s.turn;
        let faction = self.faction(seat);
        let who = faction.name();
        let (_, kind) = Self::setup_decision(s);
        let wrong_time = || {
            RuleError::new(
                RULE,
                format!("{who} must {kind} while the board is built; `{action}` is no such choice"),
            )
        };
        match (s.step, action) {
            (
                SetupStep::Tile,
                Action::PlaceTile {
                    number,
                    side_b,
                    rotation,
                    system,
                },
            ) => {
                let hand = s.hands.get(seat.index()).map_or(&[][..], Vec::as_slice);
                if !hand.contains(&number) {
                    let list: Vec<String> = hand.iter().map(ToString::to_string).collect();
                    return RuleError::new(
                        RULE,
                        format!(
                            "{who} holds no system tile {number} (his tiles: {})",
                            list.join(", ")
                        ),
                    );
                }
                if rotation > 3 {
                    return RuleError::new(RULE, "a tile turns 0-3 quarter turns");
                }
                if let Some(why) = placement_problem(&self.pos.board, self.player_count(), system) {
                    return RuleError::new(RULE, why);
                }
                if side_room(&self.data, number, side_b).is_empty() {
                    return RuleError::new(
                        RULE,
                        format!("tile {number} has no side {}", side_code(number, side_b)),
                    );
                }
                RuleError::new(
                    RULE,
                    format!(
                        "with {} face up, {who}'s remaining initial forces would not fit on his remaining tiles (all must be placed by his third tile, within unit capacity)",
                        side_code(number, side_b)
                    ),
                )
            }
            (SetupStep::Forces { system }, Action::SetupUnit { unit, area }) => {
                let (units, _) = self.forces_left(faction);
                if area.system != system {
                    return RuleError::new(
                        RULE,
                        format!("initial forces go on the tile just placed, {system}"),
                    );
                }
                if unit.faction() != faction {
                    return RuleError::new(RULE, format!("a {unit} is not one of {who}'s units"));
                }
                if !units.iter().any(|(u, _)| *u == unit) {
                    return RuleError::new(
                        RULE,
                        format!("{who} has no {unit} left among his initial forces"),
                    );
                }
                let world = self.board.area(area).is_some_and(AreaInfo::is_world);
                if self.is_ship(unit) && world {
                    return RuleError::new(
                        Rule::MovingShips,
                        format!("{area} is a world; ships are placed in voids"),
                    );
                }
                if !self.is_ship(unit) && !world {
                    return RuleError::new(
                        Rule::Voids,
                        format!("{area} is a void; ground units are placed on worlds"),
                    );
                }
                RuleError::new(
                    Rule::UnitCapacity,
                    format!(
                        "{area} already holds {} units, its capacity",
                        self.capacity(area)
                    ),
                )
            }
            (SetupStep::Forces { system }, Action::SetupStructure { kind, area }) => {
                let (_, structures) = self.forces_left(faction);
                if area.system != system {
                    return RuleError::new(
                        RULE,
                        format!("initial forces go on the tile just placed, {system}"),
                    );
                }
                if !structures.iter().any(|(k, _)| *k == kind) {
                    return RuleError::new(
                        RULE,
                        format!("{who} has no {kind} left among his initial forces"),
                    );
                }
                if !self.board.area(area).is_some_and(AreaInfo::is_world) {
                    return RuleError::new(
                        Rule::Structures,
                        format!("{area} is a void; a structure can only be placed on a world"),
                    );
                }
                RuleError::new(
                    Rule::Structures,
                    format!("{area} already holds a structure; a world holds one"),
                )
            }
            (SetupStep::Forces { .. }, Action::Done) => {
                if s.hands.get(seat.index()).is_none_or(Vec::is_empty) {
                    RuleError::new(
                        RULE,
                        "when placing his third system tile, a player must place all remaining initial units and structures on that tile",
                    )
                } else {
                    RuleError::new(
                        RULE,
                        format!(
                            "{who}'s remaining initial forces would not fit on his remaining tiles; place more of them here"
                        ),
                    )
                }
            }
            (SetupStep::Objectives { system }, Action::PlaceObjective { area, faction: f }) => {
                self.explain_objective(s, system, area, f)
            }
            (SetupStep::Storm, Action::PlaceStorm { edge }) => {
                if self.pos.storm_at(edge) {
                    RuleError::new(
                        Rule::WarpStorms,
                        format!("a warp storm already lies on {edge}"),
                    )
                } else {
                    RuleError::new(
                        Rule::WarpStorms,
                        format!("{edge} is not an edge of a system tile on the board"),
                    )
                }
            }
            _ => wrong_time(),
        }
    }

    fn explain_objective(
        &self,
        s: &SetupState,
        system: SystemId,
        area: AreaId,
        f: Faction,
    ) -> RuleError {
        let rule = Rule::ObjectiveTokens;
        let held = s
            .objectives
            .get(s.turn.index())
            .map_or(&[][..], Vec::as_slice);
        let count = |x: Faction| held.iter().filter(|h| **h == x).count();
        if area.system != system {
            return RuleError::new(
                rule,
                format!("objective tokens go on the tile just placed, {system}"),
            );
        }
        if !self
            .board
            .area(area)
            .and_then(|i| i.world())
            .is_some_and(|w| w.objective_space)
        {
            return RuleError::new(rule, format!("{area} has no objective token space"));
        }
        if !self.pos.area(area).objectives.is_empty() {
            return RuleError::new(rule, format!("the objective space of {area} is taken"));
        }
        if count(f) == 0 {
            return RuleError::new(
                rule,
                format!(
                    "{} holds no objective token of {}",
                    self.faction(s.turn).name(),
                    f.name()
                ),
            );
        }
        let on_tile = self
            .board
            .areas_of(system)
            .any(|a| self.pos.area(a.id).objectives.contains(&f));
        if on_tile {
            return RuleError::new(
                rule,
                format!(
                    "{system} already holds a token of {}; a player cannot place two tokens from the same faction on the same system tile",
                    f.name()
                ),
            );
        }
        let more = held.iter().find(|&&x| count(x) > count(f)).copied();
        RuleError::new(
            rule,
            match more {
                Some(m) => format!(
                    "he holds more tokens of {} than of {}; a player cannot place a token of one faction while he holds more of another",
                    m.name(),
                    f.name()
                ),
                None => format!(
                    "`{}` cannot be placed now",
                    Action::PlaceObjective { area, faction: f }
                ),
            },
        )
    }
}

/// A new position at the start of a constructed setup: factions chosen, starting components
/// claimed, the first player drawn, tiles and objective tokens dealt.
pub(super) fn build_position(
    options: &NewGameOptions,
    data: &GameData,
) -> Result<Position, NewGameError> {
    let n = options.players;
    if !(2..=4).contains(&n) {
        return Err(NewGameError::PlayerCount(n));
    }
    let factions = options
        .factions
        .clone()
        .unwrap_or_else(|| Faction::ALL[..usize::from(n)].to_vec());
    // Their number was checked by `Game::new`.
    for (i, f) in factions.iter().enumerate() {
        if factions[..i].contains(f) {
            return Err(NewGameError::Factions(format!(
                "{} cannot play in two seats",
                f.name()
            )));
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let players: Vec<_> = factions
        .iter()
        .map(|&f| starting_player(f, data, &mut rng))
        .collect();
    let first = Seat(rng.random_range(0..n));
    let mut neutral: Vec<u8> = data
        .tiles
        .iter()
        .filter(|t| t.faction.is_none())
        .map(|t| t.number)
        .collect();
    {
        use rand::seq::SliceRandom;
        neutral.shuffle(&mut rng);
    }
    let count = usize::from(n);
    let mut hands: Vec<Vec<u8>> = factions
        .iter()
        .map(|&f| vec![data.faction(f).home_tile])
        .collect();
    for (i, t) in neutral.into_iter().take(count * 2).enumerate() {
        // Dealt one at a time, clockwise from the first player.
        if let Some(h) = hands.get_mut((first.index() + i) % count) {
            h.push(t);
        }
    }
    let objectives = factions
        .iter()
        .map(|&me| {
            factions
                .iter()
                .filter(|&&f| f != me)
                .flat_map(|&f| [f, f])
                .collect()
        })
        .collect();
    let side = grid_side(count);
    Ok(Position {
        board: BoardLayout {
            cols: side,
            rows: side,
            tiles: BTreeMap::new(),
        },
        players,
        areas: crate::engine::state::area_map::AreaMap::new(),
        stacks: BTreeMap::new(),
        storms: Vec::new(),
        round: 1,
        first_player: first,
        phase: Phase::Setup(SetupState {
            turn: first,
            step: SetupStep::Tile,
            hands,
            objectives,
        }),
        rng,
        forced_dice: crate::engine::state::combat_state::ForcedDice::default(),
        last_combat: None,
        cards: crate::engine::state::card_step::CardFlags::default(),
    })
}

/// The invariants of a position in the setup phase (beyond those of every position).
pub(super) fn validate_setup(
    pos: &Position,
    s: &SetupState,
    data: &GameData,
    say: &mut dyn FnMut(Rule, String),
) {
    let n = pos.players.len();
    if s.hands.len() != n || s.objectives.len() != n {
        say(
            RULE,
            format!(
                "the setup lists {} hands and {} objective holdings for {n} players",
                s.hands.len(),
                s.objectives.len()
            ),
        );
    }
    // Tiles: each at most once, known, and 3 per player in all.
    let mut seen: BTreeMap<u8, &'static str> = BTreeMap::new();
    let mut tile_once = |number: u8, place: &'static str, say: &mut dyn FnMut(Rule, String)| {
        if !data.tiles.iter().any(|t| t.number == number) {
            say(RULE, format!("there is no system tile {number}"));
        }
        if let Some(first) = seen.insert(number, place) {
            say(
                RULE,
                format!("system tile {number} is both {first} and {place}"),
            );
        }
    };
    for placed in pos.board.tiles.values() {
        let number: String = placed.tile.chars().filter(char::is_ascii_digit).collect();
        tile_once(number.parse().unwrap_or(0), "on the board", say);
    }
    for hand in &s.hands {
        for &t in hand {
            tile_once(t, "in a hand", say);
        }
    }
    let total = pos.board.tiles.len() + s.hands.iter().map(Vec::len).sum::<usize>();
    if total != 3 * n {
        say(
            RULE,
            format!(
                "{total} system tiles are placed or in hand; {n} players use {}",
                3 * n
            ),
        );
    }
    // The board under construction.
    let complete = s.hands.iter().all(Vec::is_empty);
    if !(complete && s.step == SetupStep::Storm) {
        let side = grid_side(n);
        if pos.board.cols != side || pos.board.rows != side {
            say(
                RULE,
                format!(
                    "a board under construction lies on a {side}x{side} grid, not {}x{}",
                    pos.board.cols, pos.board.rows
                ),
            );
        }
        if let Some((c0, r0, c1, r1)) = bounds(&pos.board)
            && !fits_board_size(n, c1 - c0 + 1, r1 - r0 + 1)
        {
            say(
                RULE,
                format!(
                    "the placed tiles span {}x{}, more than the board allows with {n} players",
                    c1 - c0 + 1,
                    r1 - r0 + 1
                ),
            );
        }
        let systems: Vec<SystemId> = pos.board.tiles.keys().copied().collect();
        let mut reached = vec![false; systems.len()];
        let mut queue: Vec<usize> = if systems.is_empty() { vec![] } else { vec![0] };
        while let Some(i) = queue.pop() {
            if std::mem::replace(&mut reached[i], true) {
                continue;
            }
            let a = systems[i];
            for (j, b) in systems.iter().enumerate() {
                if !reached[j] && a.col.abs_diff(b.col) + a.row.abs_diff(b.row) == 1 {
                    queue.push(j);
                }
            }
        }
        if reached.contains(&false) {
            say(RULE, "the placed system tiles are not all connected".into());
        }
    }
    if let SetupStep::Forces { system } | SetupStep::Objectives { system } = s.step
        && !pos.board.tiles.contains_key(&system)
    {
        say(
            RULE,
            format!("the setup works on {system}, which holds no tile"),
        );
    }
    if s.step == SetupStep::Storm && pos.storms.len() >= n {
        say(
            Rule::WarpStorms,
            format!(
                "{} storms are placed; each of the {n} players places one",
                pos.storms.len()
            ),
        );
    }
    // Objective tokens: only opponents', and no faction over its count.
    let factions: Vec<Faction> = pos.players.iter().map(|p| p.faction).collect();
    let mut held: BTreeMap<Faction, usize> = BTreeMap::new();
    for (i, tokens) in s.objectives.iter().enumerate() {
        for &f in tokens {
            *held.entry(f).or_default() += 1;
            if factions.get(i) == Some(&f) {
                say(
                    Rule::ObjectiveTokens,
                    format!(
                        "{} holds one of his own objective tokens to place",
                        f.name()
                    ),
                );
            }
            if !factions.contains(&f) {
                say(
                    Rule::ObjectiveTokens,
                    format!(
                        "a token of {}, not in the game, waits to be placed",
                        f.name()
                    ),
                );
            }
        }
    }
    for (f, h) in held {
        let on_board = pos
            .areas
            .values()
            .flat_map(|a| a.objectives.iter())
            .filter(|x| **x == f)
            .count();
        let given = 2 * (n.saturating_sub(1));
        if h + on_board > given {
            say(
                Rule::ObjectiveTokens,
                format!(
                    "{} has {h} objective tokens in hands and {on_board} on the board; each opponent received two ({given} in all)",
                    f.name()
                ),
            );
        }
    }
    // Units: only initial forces.
    let mut on_board: BTreeMap<UnitType, usize> = BTreeMap::new();
    for u in pos.areas.values().flat_map(|a| a.units.iter()) {
        *on_board.entry(u.unit).or_default() += 1;
    }
    for (unit, on) in on_board {
        let max = data
            .faction(unit.faction())
            .initial_forces
            .units
            .get(&unit)
            .copied()
            .unwrap_or(0);
        if on > usize::from(max) {
            say(
                RULE,
                format!("{on} {unit} on the board during setup; the initial forces hold {max}"),
            );
        }
    }
}
