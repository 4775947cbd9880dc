//! A fast, rough combat estimate for the heuristic player: dice rolled from the die's faces,
//! three cards drawn at random from each side's deck (their icons only), damage spent the way
//! the heuristic spends it, morale compared after the third round. It knows only public facts
//! (units, bastions, the decks' contents), so a bot may use it before any roll.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::engine::data::Icons;
use crate::engine::state::die::DieFace;
use crate::engine::state::ids::{AreaId, Faction, StructureKind};
use crate::engine::{Game, UnitType};

/// One unit in an estimated combat.
#[derive(Debug, Clone, Copy)]
struct Piece {
    health: u8,
    morale: u8,
    combat: u8,
    cost: u8,
    routed: bool,
}

/// One side's pieces, as the estimate sees them.
#[derive(Debug, Clone, Default)]
pub struct Force {
    pieces: Vec<Piece>,
    bastions: u8,
    cards: Vec<Icons>,
}

impl Force {
    /// The pieces of `faction` in `area`, plus `extra` units about to join (unrouted).
    #[must_use]
    pub fn in_area(game: &Game, area: AreaId, faction: Faction, extra: &[UnitType]) -> Force {
        let data = game.data();
        let state = game.position().area(area);
        let piece = |unit: UnitType, routed: bool| {
            let d = data.unit(unit);
            Piece {
                health: d.health,
                morale: d.morale,
                combat: d.combat,
                cost: d.cost,
                routed,
            }
        };
        let mut pieces: Vec<Piece> = state
            .units
            .iter()
            .filter(|u| u.owner() == faction)
            .map(|u| piece(u.unit, u.routed))
            .collect();
        pieces.extend(extra.iter().map(|&u| piece(u, false)));
        let bastions = state
            .structures
            .iter()
            .filter(|s| s.owner == faction && s.kind == StructureKind::Bastion)
            .count();
        let cards = game
            .seat_of(faction)
            .map(|s| {
                game.player(s)
                    .combat_deck
                    .iter()
                    .filter_map(|n| data.combat_cards.iter().find(|c| &c.name == n))
                    .map(|c| c.icons)
                    .collect()
            })
            .unwrap_or_default();
        Force {
            pieces,
            bastions: u8::try_from(bastions).unwrap_or(u8::MAX),
            cards,
        }
    }

    /// Makes this force a copy of `other` again, in the buffers it already has.
    fn refill(&mut self, other: &Force) {
        self.pieces.clone_from(&other.pieces);
        self.cards.clone_from(&other.cards);
        self.bastions = other.bastions;
    }

    /// Whether the side has anything that fights.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty() && self.bastions == 0
    }

    /// The materiel cost of the side's units.
    #[must_use]
    pub fn cost(&self) -> f64 {
        self.pieces.iter().map(|p| f64::from(p.cost)).sum()
    }
}

/// The estimated outcome of a combat.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Estimate {
    /// Chance the attacker wins.
    pub attacker_wins: f64,
    /// Expected materiel cost of the attacker's destroyed units.
    pub attacker_loss: f64,
    /// Expected materiel cost of the defender's destroyed units.
    pub defender_loss: f64,
}

/// Estimates a combat between two forces from `samples` random rolls.
#[must_use]
pub fn estimate(
    game: &Game,
    attacker: &Force,
    defender: &Force,
    samples: u32,
    rng: &mut ChaCha8Rng,
) -> Estimate {
    if defender.pieces.iter().all(|p| p.routed) && defender.bastions == 0 {
        return Estimate {
            attacker_wins: 1.0,
            ..Estimate::default()
        };
    }
    let data = game.data();
    let bastion = data.structure(StructureKind::Bastion);
    let faces = &data.die.faces;
    let max_dice = usize::from(data.die.max_per_side);
    let mut out = Estimate::default();
    let n = samples.max(1);
    // Each sample plays on copies of the two forces; the copies' buffers are made once and
    // filled again: cloning them allocated four buffers for every sample.
    let mut sides = [attacker.clone(), defender.clone()];
    for sample in 0..n {
        if sample > 0 {
            sides[0].refill(attacker);
            sides[1].refill(defender);
        }
        let mut totals = [[0u32; 3]; 2];
        for (i, side) in sides.iter().enumerate() {
            let dice: usize = side
                .pieces
                .iter()
                .filter(|p| !p.routed)
                .map(|p| usize::from(p.combat))
                .sum::<usize>()
                + usize::from(side.bastions) * usize::from(bastion.combat);
            for _ in 0..dice.min(max_dice) {
                let slot = match faces[rng.random_range(0..faces.len())] {
                    DieFace::Offence => 0,
                    DieFace::Defence => 1,
                    DieFace::Morale => 2,
                };
                totals[i][slot] += 1;
            }
        }
        let mut winner = None;
        for _round in 0..3 {
            for (i, side) in sides.iter_mut().enumerate() {
                if !side.cards.is_empty() {
                    let k = rng.random_range(0..side.cards.len());
                    let c = side.cards.swap_remove(k);
                    totals[i][0] += u32::from(c.offence);
                    totals[i][1] += u32::from(c.defence);
                    totals[i][2] += u32::from(c.morale);
                }
            }
            let to_att = totals[1][0].saturating_sub(totals[0][1]);
            let to_def = totals[0][0].saturating_sub(totals[1][1]);
            out.attacker_loss += suffer(&mut sides[0], to_att, bastion.health);
            out.defender_loss += suffer(&mut sides[1], to_def, bastion.health);
            let alive = [!sides[0].is_empty(), !sides[1].is_empty()];
            match alive {
                [true, true] => {}
                [true, false] => {
                    winner = Some(true);
                    break;
                }
                _ => {
                    winner = Some(false);
                    break;
                }
            }
        }
        let attacker_won = winner.unwrap_or_else(|| {
            let morale = |i: usize| {
                totals[i][2]
                    + sides[i]
                        .pieces
                        .iter()
                        .filter(|p| !p.routed)
                        .map(|p| u32::from(p.morale))
                        .sum::<u32>()
                    + u32::from(sides[i].bastions) * u32::from(bastion.morale)
            };
            morale(0) > morale(1)
        });
        if attacker_won {
            out.attacker_wins += 1.0;
        }
    }
    let n = f64::from(n);
    out.attacker_wins /= n;
    out.attacker_loss /= n;
    out.defender_loss /= n;
    out
}

/// Spends `damage` on a side the way the heuristic assigns it; returns the cost destroyed.
fn suffer(side: &mut Force, mut damage: u32, bastion_health: u8) -> f64 {
    let mut lost = 0.0;
    while damage > 0 {
        if side.bastions > 0 && damage < u32::from(bastion_health) {
            return lost;
        }
        let unrouted = side.pieces.iter().any(|p| !p.routed);
        // A unit that survives the whole damage absorbs it (routed); otherwise the cheapest dies.
        let pool = side
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.routed != unrouted);
        let absorb = pool
            .clone()
            .filter(|(_, p)| u32::from(p.health) > damage)
            .min_by_key(|(_, p)| (p.morale, p.cost))
            .map(|(i, _)| i);
        if let Some(i) = absorb {
            side.pieces[i].routed = true;
            return lost;
        }
        if let Some((i, p)) = pool.min_by_key(|(_, p)| p.cost) {
            let p = *p;
            damage -= u32::from(p.health).min(damage);
            lost += f64::from(p.cost);
            side.pieces.swap_remove(i);
            let _ = i;
        } else if side.bastions > 0 {
            damage = damage.saturating_sub(u32::from(bastion_health));
            side.bastions -= 1;
            lost += 3.0;
        } else {
            return lost;
        }
    }
    lost
}
