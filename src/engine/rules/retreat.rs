//! Where a losing side's units may retreat (Rules Reference: Retreats). One function names,
//! for each area, the clause that bars it; the legal retreats are the areas no clause bars, and
//! `--why` names the same clause, so the two can never disagree.

use super::explain::kind_word;
use super::{Game, RuleError};
use crate::engine::rules::board::AreaInfo;
use crate::engine::state::combat_state::{CombatState, CombatStep};
use crate::engine::state::die::CombatRole;
use crate::engine::state::ids::{AreaId, Seat, SystemId};
use crate::engine::state::rule::Rule;

/// The clause of the retreat rules that bars an area, in the order they are checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RetreatBar {
    /// The area is not on the board.
    NotOnBoard,
    /// The area is the contested area itself.
    ContestedArea,
    /// A world for ships or a void for ground units.
    WrongKind,
    /// Attacker: no attacking unit moved from this area to start the combat.
    NotAnOrigin,
    /// Defender: neither in the active system nor in one adjacent to it.
    TooFar,
    /// Defender: attacking units moved from this very area.
    AttackersArea,
    /// Defender: attacking units moved from this adjacent system.
    AttackersSystem(SystemId),
    /// Another faction has units or structures there.
    Occupied,
    /// Ships: a warp storm lies between the two systems.
    StormBetweenSystems,
    /// Ground units: every way within the two systems crosses a warp storm.
    StormOnEveryPath,
    /// Ground units: no way within the two systems runs through friendly areas only.
    NoFriendlyPath,
    /// Defender: the area is uncontrolled while these friendly areas are open.
    FriendlyOpen(Vec<AreaId>),
}

impl Game {
    /// The clause that bars the losing side's units from retreating to `dest`, leaving aside
    /// the defender's "friendly areas first" (`None`: no clause bars it).
    fn retreat_base_bar(
        &self,
        c: &CombatState,
        role: CombatRole,
        dest: AreaId,
    ) -> Option<RetreatBar> {
        let f = Self::side_faction(c, role);
        let Some(info) = self.board.area(dest) else {
            return Some(RetreatBar::NotOnBoard);
        };
        if dest == c.area {
            return Some(RetreatBar::ContestedArea);
        }
        let world = self.board.area(c.area).is_some_and(AreaInfo::is_world);
        if info.is_world() != world {
            return Some(RetreatBar::WrongKind);
        }
        match role {
            CombatRole::Attacker => {
                if !c.attack_origins.contains(&dest) {
                    return Some(RetreatBar::NotAnOrigin);
                }
            }
            CombatRole::Defender => {
                if dest.system != c.system && !self.board.systems_adjacent(dest.system, c.system) {
                    return Some(RetreatBar::TooFar);
                }
                if c.attack_origins.contains(&dest) {
                    return Some(RetreatBar::AttackersArea);
                }
                if dest.system != c.system
                    && c.attack_origins.iter().any(|o| o.system == dest.system)
                {
                    return Some(RetreatBar::AttackersSystem(dest.system));
                }
            }
        }
        if self.pos.area(dest).factions().has_other_than(f) {
            return Some(RetreatBar::Occupied);
        }
        if !world {
            let storm = dest.system != c.area.system
                && self.storm_between_systems(c.area.system, dest.system);
            return storm.then_some(RetreatBar::StormBetweenSystems);
        }
        let systems = [c.area.system, dest.system];
        let path = |storms: bool, friendly_only: bool| {
            self.board.has_ground_path(
                c.area,
                dest,
                &systems,
                |e| storms && self.pos.storm_at(e),
                |x| !friendly_only || self.is_friendly(x, f),
            )
        };
        if path(true, true) {
            None
        } else if path(false, true) {
            Some(RetreatBar::StormOnEveryPath)
        } else {
            Some(RetreatBar::NoFriendlyPath)
        }
    }

    /// The areas no clause but "friendly areas first" bars.
    fn retreat_open_areas(&self, c: &CombatState, role: CombatRole) -> Vec<AreaId> {
        let world = self.board.area(c.area).is_some_and(AreaInfo::is_world);
        self.board
            .areas()
            .filter(|x| x.is_world() == world && x.id != c.area)
            .map(|x| x.id)
            .filter(|&x| self.retreat_base_bar(c, role, x).is_none())
            .collect()
    }

    /// Where the losing side's units may retreat (Retreats): the open areas, and for the
    /// defender only the friendly ones when there is one.
    pub(crate) fn retreat_areas(&self, c: &CombatState, role: CombatRole) -> Vec<AreaId> {
        let open = self.retreat_open_areas(c, role);
        if role == CombatRole::Defender {
            let f = Self::side_faction(c, role);
            let friendly: Vec<AreaId> = open
                .iter()
                .copied()
                .filter(|&x| self.is_friendly(x, f))
                .collect();
            if !friendly.is_empty() {
                return friendly;
            }
        }
        open
    }

    /// The clause that bars a retreat to `dest` (`None`: the retreat is legal).
    pub(crate) fn retreat_bar(
        &self,
        c: &CombatState,
        role: CombatRole,
        dest: AreaId,
    ) -> Option<RetreatBar> {
        if let Some(bar) = self.retreat_base_bar(c, role, dest) {
            return Some(bar);
        }
        let f = Self::side_faction(c, role);
        if role == CombatRole::Defender && !self.is_friendly(dest, f) {
            let friendly: Vec<AreaId> = self
                .retreat_open_areas(c, role)
                .into_iter()
                .filter(|&x| self.is_friendly(x, f))
                .collect();
            if !friendly.is_empty() {
                return Some(RetreatBar::FriendlyOpen(friendly));
            }
        }
        None
    }
}

/// Why an action of this rule is not legal (see `explain`).
impl Game {
    pub(super) fn explain_retreat(&self, seat: Seat, area: AreaId) -> RuleError {
        use super::retreat::RetreatBar;
        const RULE: Rule = Rule::Retreats;
        let faction = self.faction(seat);
        let Some(c) = self.combat() else {
            return RuleError::new(Rule::Combat, "no combat is being fought");
        };
        let CombatStep::Retreat { side } = c.step else {
            return RuleError::new(RULE, "no side is retreating now");
        };
        let names = |areas: &[AreaId]| -> String {
            let names: Vec<String> = areas.iter().map(ToString::to_string).collect();
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        };
        let open = names(&self.retreat_areas(c, side));
        let world = self.board.area(c.area).is_some_and(AreaInfo::is_world);
        let Some(bar) = self.retreat_bar(c, side, area) else {
            return RuleError::new(
                RULE,
                format!("`retreat {area}` is legal now (open: {open})"),
            );
        };
        let (topic, fact) = match bar {
            RetreatBar::NotOnBoard => {
                return RuleError::new(Rule::Areas, format!("{area} is not on the board"));
            }
            RetreatBar::ContestedArea => (RULE, format!("{area} is the contested area itself")),
            RetreatBar::WrongKind => (
                RULE,
                format!(
                    "{area} is a {}; units retreat from a {} to a {}",
                    kind_word(!world),
                    kind_word(world),
                    kind_word(world)
                ),
            ),
            RetreatBar::NotAnOrigin => (
                RULE,
                format!(
                    "the attacker retreats only to an area his units came from ({}), and {area} is not one",
                    names(&c.attack_origins)
                ),
            ),
            RetreatBar::TooFar => (
                RULE,
                format!(
                    "{area} is neither in the active system {} nor adjacent to it; the defender retreats no farther",
                    c.system
                ),
            ),
            RetreatBar::AttackersArea => (
                RULE,
                format!(
                    "attacking units moved from {area}; the defender never retreats into an area the attack came from"
                ),
            ),
            RetreatBar::AttackersSystem(system) => (
                RULE,
                format!(
                    "attacking units moved from the adjacent system {system}; the defender cannot retreat into that system"
                ),
            ),
            RetreatBar::Occupied => (
                RULE,
                format!(
                    "{area} is {}; units never retreat into an enemy or contested area",
                    self.area_fact(area, faction)
                ),
            ),
            RetreatBar::StormBetweenSystems => (
                Rule::WarpStorms,
                format!(
                    "a warp storm lies between {} and {}; ships cannot retreat across it",
                    c.area.system, area.system
                ),
            ),
            RetreatBar::StormOnEveryPath => (
                Rule::WarpStorms,
                format!(
                    "every way from {} to {area} crosses a warp storm; a ground unit's retreat path cannot cross one",
                    c.area
                ),
            ),
            RetreatBar::NoFriendlyPath => (
                RULE,
                format!(
                    "no path from {} to {area} within {} and {} runs through friendly areas only; ground units retreat along a legal path",
                    c.area, c.area.system, area.system
                ),
            ),
            RetreatBar::FriendlyOpen(friendly) => (
                RULE,
                format!(
                    "{area} is {}; the defender retreats to an uncontrolled area only when no friendly one is open, and {} is",
                    self.area_fact(area, faction),
                    names(&friendly)
                ),
            ),
        };
        RuleError::new(topic, format!("{fact} (open now: {open})"))
    }
}
