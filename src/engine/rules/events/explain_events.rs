//! Why an event card's ability refuses a choice (Rules Reference, "Event Cards", and the card's
//! own text): the cards that put a structure or free units on a world say which fact of the
//! position rules the chosen world out, as the ability offers them in `tactics.rs`.

use crate::engine::rules::board::AreaInfo;
use crate::engine::rules::explain::kind_word;
use crate::engine::rules::{Game, RuleError};
use crate::engine::state::ids::{AreaId, Seat, StructureKind};
use crate::engine::state::rule::Rule;
use crate::engine::state::unit_type::UnitType;

impl Game {
    /// Why the event card `card` may not put a `kind` on `area`: `None` for a card that puts
    /// no structure (the general answer then applies).
    pub(crate) fn explain_event_build(
        &self,
        seat: Seat,
        card: &str,
        kind: StructureKind,
        area: AreaId,
        cache: bool,
    ) -> Option<RuleError> {
        let (wanted, cost_words) = match card {
            "The Emperor Protects" => (StructureKind::Bastion, "free, or 2 materiel"),
            "Exodite Colony" => (StructureKind::City, "1 materiel"),
            _ => return None,
        };
        let f = self.faction(seat);
        let who = f.name();
        let err = |rule: Rule, reason: String| Some(RuleError::new(rule, reason));
        if kind != wanted {
            return err(
                Rule::EventCards,
                format!("{card} puts a {wanted}, not a {kind}"),
            );
        }
        if cache {
            return err(
                Rule::CacheTokens,
                format!(
                    "{card} sets its own price ({cost_words}); a cache token does not lower it"
                ),
            );
        }
        if !self.board.has_area(area) {
            return err(Rule::Areas, format!("{area} is not on the board"));
        }
        if !self.board.area(area).is_some_and(AreaInfo::is_world) {
            return err(
                Rule::Structures,
                format!("{area} is a void; a structure can only be placed on a world"),
            );
        }
        if self.structures_in_supply(wanted) == 0 {
            return err(
                Rule::ComponentLimitations,
                format!("every {wanted} is already on the board"),
            );
        }
        if self.control_tokens_left(f) == 0 {
            return err(
                Rule::ComponentLimitations,
                format!("{who} has no structure control token left to put under it"),
            );
        }
        let state = self.pos.area(area);
        let holding = self.area_holding(area, f);
        let materiel = self.player(seat).materiel;
        if wanted == StructureKind::Bastion {
            if !self.is_friendly(area, f) {
                return err(
                    Rule::Friendly,
                    format!("{area} is {holding}; {card} puts a bastion on a friendly world only"),
                );
            }
            if state
                .structures
                .iter()
                .any(|s| s.kind == StructureKind::Bastion)
            {
                return err(
                    Rule::Bastions,
                    format!("{area} is {holding}; {card} puts a bastion only where there is none"),
                );
            }
            if state.structures.len() >= 2 {
                return err(
                    Rule::Structures,
                    format!(
                        "{area} is {holding}; {card} adds a bastion to a world with one structure at most"
                    ),
                );
            }
            if materiel < 2 {
                return err(
                    Rule::Materiel,
                    format!(
                        "{area} is {holding}; a bastion beside a structure costs 2 materiel and {who} has {materiel}"
                    ),
                );
            }
        } else {
            if !(self.is_friendly(area, f) || state.factions().is_empty()) {
                return err(
                    Rule::Enemy,
                    format!(
                        "{area} is {holding}; {card} puts a city on a friendly or uncontrolled world only"
                    ),
                );
            }
            if !state.structures.is_empty() {
                return err(
                    Rule::Structures,
                    format!(
                        "{area} is {holding}; a structure cannot be placed on a world that already contains one"
                    ),
                );
            }
            if state.objectives.contains(&f) {
                return err(
                    Rule::ObjectiveTokens,
                    format!(
                        "{area} holds an objective token of {who}; {card} may not put the city there"
                    ),
                );
            }
            if materiel < 1 {
                return err(
                    Rule::Materiel,
                    format!("{card} costs 1 materiel and {who} has none"),
                );
            }
        }
        None
    }

    /// Why the event card `card` may not place a free `unit` on `area`: `None` for a card
    /// that places no free unit (the general answer then applies).
    #[allow(clippy::collapsible_match)]
    pub(crate) fn explain_event_place(
        &self,
        seat: Seat,
        card: &str,
        unit: UnitType,
        area: AreaId,
    ) -> Option<RuleError> {
        let units: &[UnitType] = match card {
            "Heroic Intervention" => &[UnitType::SpaceMarine, UnitType::Scout],
            "Prophets and Signs" => &[UnitType::Cultist],
            "Letz Get Fightin'" => &[UnitType::OrkBoyz],
            "Outcasts Returned" => &[UnitType::HelleboreFrigate],
            _ => return None,
        };
        let f = self.faction(seat);
        let err = |rule: Rule, reason: String| Some(RuleError::new(rule, reason));
        if !units.contains(&unit) {
            let names: Vec<String> = units.iter().map(ToString::to_string).collect();
            return err(
                Rule::EventCards,
                format!("{card} places a free {}, not a {unit}", names.join(" or ")),
            );
        }
        if self.units_in_supply(unit) == 0 {
            return err(
                Rule::FreeUnits,
                format!("no {unit} is left in the supply; a free unit comes from the supply"),
            );
        }
        if !self.board.has_area(area) {
            return err(Rule::Areas, format!("{area} is not on the board"));
        }
        let world = self.board.area(area).is_some_and(AreaInfo::is_world);
        let want_world = unit != UnitType::HelleboreFrigate;
        if world != want_world {
            return err(
                Rule::FreeUnits,
                format!(
                    "{area} is a {}; {card} places the {unit} on a {}",
                    kind_word(world),
                    kind_word(want_world)
                ),
            );
        }
        let holding = self.area_holding(area, f);
        let state = self.pos.area(area);
        match card {
            "Heroic Intervention" if unit == UnitType::SpaceMarine => {
                if self.is_friendly(area, f) && state.structures.is_empty() {
                    return err(
                        Rule::FreeUnits,
                        format!(
                            "{area} is {holding} with no structure; {card} places a Space Marine only on a friendly world that has a structure"
                        ),
                    );
                }
            }
            "Letz Get Fightin'" => {
                let nob = state.units.iter().any(|u| u.unit == UnitType::Nob);
                if !self.is_friendly(area, f) && !nob {
                    return err(
                        Rule::FreeUnits,
                        format!(
                            "{area} is {holding} with no Nob; {card} places Ork Boyz on a friendly world or a world with a Nob"
                        ),
                    );
                }
            }
            "Outcasts Returned" => {
                if !state.factions().is_empty() {
                    return err(
                        Rule::FreeUnits,
                        format!(
                            "{area} is {holding}; {card} places the frigate in an uncontrolled void only"
                        ),
                    );
                }
            }
            _ => {}
        }
        if !self.is_friendly(area, f) && card != "Outcasts Returned" {
            return err(
                Rule::Friendly,
                format!("{area} is {holding}; {card} places free units on a friendly world"),
            );
        }
        None
    }
}
