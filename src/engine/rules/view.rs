//! What one seat may see: the position with hidden information removed. Front ends draw a
//! `PlayerView`, never the raw state, so a hot-seat screen cannot leak a secret.

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};

use crate::engine::rules::{Decision, Game, PendingAbility};
use crate::engine::state::card_name::CardName;
use crate::engine::state::die::CombatRole;
use crate::engine::state::ids::{AreaId, Faction, Order, Seat, SystemId};
use crate::engine::state::phase::{OpStep, Phase, RefreshStep};
use crate::engine::state::position::{AreaState, AssetTokens, Storm};

/// An order token as a seat sees it: the order shows only for the viewer's own token on top of
/// a stack (the only ones a player may look at), and for the token just revealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SeenToken {
    /// Owner (the token's back shows its faction).
    pub owner: Faction,
    /// The order, if the viewer may see it.
    pub order: Option<Order>,
}

/// A player's public information, plus his private cards if he is the viewer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeenPlayer {
    /// The seat.
    pub seat: Seat,
    /// The faction.
    pub faction: Faction,
    /// Materiel.
    pub materiel: u8,
    /// Asset tokens.
    pub assets: AssetTokens,
    /// Command level.
    pub command_level: u8,
    /// How many order tokens wait in the play area, ready to place (public).
    pub orders_left: usize,
    /// Which orders those tokens are: for the viewer's own seat only (`None` for the others,
    /// whose placed tokens would otherwise follow from the eight each player starts with).
    pub orders: Option<Vec<Order>>,
    /// Order tokens on the event deck (face down: only their number shows).
    pub event_tokens: usize,
    /// Cards left in the event deck (face down, in an order nobody knows).
    pub event_deck: usize,
    /// Event cards this player drew and is choosing from: how many (the cards themselves
    /// are in [`PlayerView::drawn_events`] for the player who drew them).
    pub events_drawn: usize,
    /// Schemes in play (face up).
    pub schemes: Vec<CardName>,
    /// The ten combat cards the player owns, sorted (public: pairs are bought face up; which
    /// are in hand during a combat is not shown).
    pub combat_deck: Vec<CardName>,
    /// Order upgrades owned, with whether each is used this round.
    pub order_upgrades: Vec<(CardName, bool)>,
    /// Objective tokens collected.
    pub objectives: u8,
    /// Eliminated.
    pub eliminated: bool,
}

/// One side of a combat as a seat sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeenCombatSide {
    /// The faction.
    pub faction: Faction,
    /// Dice faces (public).
    pub dice: Vec<crate::engine::state::die::DieFace>,
    /// Cards face up.
    pub played: Vec<CardName>,
    /// Whether a card lies face down, chosen this round.
    pub has_chosen: bool,
    /// Whether the other side looked at that face-down card (Reconnaissance): public, the
    /// log says so; the card itself is not.
    pub looked_at: bool,
    /// The chosen card, for its owner, and for the other side once it looked at it.
    pub chosen: Option<CardName>,
    /// The hand, for its owner only (others see only its size).
    pub hand: Vec<CardName>,
    /// Cards in hand.
    pub hand_size: usize,
    /// Cards discarded during the combat, revealed to all (the log names each); they are
    /// back in their deck already (Discarding Cards).
    pub discarded: Vec<CardName>,
    /// Cards left face down in the combat deck, to be drawn.
    pub deck_left: usize,
    /// Offence and defence combat tokens.
    pub tokens: (u8, u8),
    /// Reinforcement tokens in the fight (`true` = routed).
    pub reinforcements: Vec<bool>,
    /// Offence, defence and morale totals.
    pub totals: (u32, u32, u32),
}

/// A combat as a seat sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeenCombat {
    /// The contested area.
    pub area: AreaId,
    /// Execution round 1-3 (0 while preparing).
    pub round: u8,
    /// The attacker.
    pub attacker: SeenCombatSide,
    /// The defender.
    pub defender: SeenCombatSide,
}

/// A pending decision as JSON: `[seat, "the choice in words"]`.
#[allow(
    clippy::ref_option,
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's `serialize_with` passes the field by reference"
)]
fn decision_in_words<S: Serializer>(d: &Option<Decision>, s: S) -> Result<S::Ok, S::Error> {
    d.map(|Decision { seat, kind }| (seat, kind.to_string()))
        .serialize(s)
}

/// Everything one seat may see.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// The viewer (`None`: a spectator who sees only public information).
    pub viewer: Option<Seat>,
    /// Round 1-8.
    pub round: u8,
    /// First player.
    pub first_player: Seat,
    /// The players.
    pub players: Vec<SeenPlayer>,
    /// Area contents (all public).
    pub areas: BTreeMap<AreaId, AreaState>,
    /// Stacks, bottom first.
    pub stacks: BTreeMap<SystemId, Vec<SeenToken>>,
    /// Warp storms.
    pub storms: Vec<Storm>,
    /// The decision pending. JSON gives the seat and the choice in words, as `--as` always
    /// printed it; the words are written only then.
    #[serde(serialize_with = "decision_in_words")]
    pub decision: Option<Decision>,
    /// Event cards the viewer drew and is choosing from.
    pub drawn_events: Vec<CardName>,
    /// Objective tokens needed to win.
    pub objectives_needed: usize,
    /// The combat in progress, if any.
    pub combat: Option<SeenCombat>,
    /// The combat card ability or scheme the deciding seat is asked to resolve or skip (public:
    /// the card is face up; see [`Game::pending_ability`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ability: Option<PendingAbility>,
}

impl Game {
    /// What `viewer` may see (`None` for public information only).
    #[must_use]
    pub fn view(&self, viewer: Option<Seat>) -> PlayerView {
        let pos = self.position();
        let viewer_faction = viewer.map(|s| self.faction(s));
        // The token on top of this stack was just revealed: every seat saw it turned up.
        let revealed = match &pos.phase {
            Phase::Operations {
                step: OpStep::Revealed { system, .. },
                ..
            } => Some(*system),
            _ => None,
        };
        let stacks = pos
            .stacks
            .iter()
            .map(|(s, stack)| {
                let n = stack.len();
                let seen = stack
                    .iter()
                    .enumerate()
                    .map(|(i, t)| SeenToken {
                        owner: t.owner,
                        order: (i + 1 == n
                            && (Some(t.owner) == viewer_faction || revealed == Some(*s)))
                        .then_some(t.order),
                    })
                    .collect();
                (*s, seen)
            })
            .collect();
        // Event cards drawn and not yet chosen: by the seat resolving its events.
        let drawn: Option<(Seat, &Vec<CardName>)> = match &pos.phase {
            Phase::Refresh {
                turn,
                step: RefreshStep::ChooseEvent { drawn } | RefreshStep::Tactic { drawn, .. },
            } => Some((*turn, drawn)),
            _ => None,
        };
        let players = self
            .seats()
            .map(|seat| {
                let p = self.player(seat);
                // The deck's make-up is public (pairs are bought face up), but during a combat
                // the cards left in it would tell which five an opponent holds: show all ten.
                let mut deck = p.combat_deck.clone();
                if let Some(c) = self.combat() {
                    for side in [&c.attacker, &c.defender] {
                        if side.faction == Some(p.faction) {
                            deck.extend(side.hand.iter().cloned());
                            deck.extend(side.chosen.iter().cloned());
                            deck.extend(side.played.iter().cloned());
                        }
                    }
                }
                deck.sort();
                SeenPlayer {
                    seat,
                    faction: p.faction,
                    materiel: p.materiel,
                    assets: p.assets,
                    command_level: self.command_level(p.faction),
                    orders_left: p.orders.len(),
                    orders: (Some(seat) == viewer).then(|| p.orders.clone()),
                    event_tokens: p.event_tokens.len(),
                    event_deck: p.event_deck.len(),
                    events_drawn: drawn
                        .filter(|(turn, _)| *turn == seat)
                        .map_or(0, |(_, d)| d.len()),
                    schemes: p.schemes.clone(),
                    combat_deck: deck,
                    order_upgrades: p
                        .order_upgrades
                        .iter()
                        .map(|u| (u.clone(), p.used_upgrades.contains(u)))
                        .collect(),
                    objectives: p.objectives,
                    eliminated: p.eliminated,
                }
            })
            .collect();
        let drawn_events = match drawn {
            Some((turn, d)) if Some(turn) == viewer => d.clone(),
            _ => Vec::new(),
        };
        PlayerView {
            viewer,
            round: pos.round,
            first_player: pos.first_player,
            players,
            areas: pos.areas.clone().into(),
            stacks,
            storms: pos.storms.clone(),
            decision: self.decision(),
            ability: self.pending_ability(),
            drawn_events,
            objectives_needed: self.player_count(),
            combat: self.combat().map(|c| {
                let side = |role: CombatRole| {
                    let x = c.side(role);
                    let faction = x.faction.unwrap_or(Faction::Ultramarines);
                    let is_viewer = |f: Option<Faction>| {
                        f.is_some() && viewer_faction.is_some() && f == viewer_faction
                    };
                    let mine = is_viewer(x.faction);
                    // Reconnaissance shows the face-down card to the side that looked, and to
                    // nobody else: not to the other players, not to the public view.
                    let other = c.side(role.other());
                    let peeked = other.saw_card && is_viewer(other.faction);
                    let t = self.combat_totals(c, role);
                    SeenCombatSide {
                        faction,
                        dice: x.dice.clone(),
                        played: x.played.clone(),
                        has_chosen: x.chosen.is_some(),
                        looked_at: other.saw_card && x.chosen.is_some(),
                        chosen: if mine || peeked {
                            x.chosen.clone()
                        } else {
                            None
                        },
                        hand: if mine { x.hand.clone() } else { Vec::new() },
                        hand_size: x.hand.len(),
                        discarded: x.revealed.clone(),
                        deck_left: x
                            .faction
                            .and_then(|f| self.seat_of(f))
                            .map_or(0, |s| self.player(s).combat_deck.len()),
                        tokens: (x.offence_tokens, x.defence_tokens),
                        reinforcements: x.reinforcements.clone(),
                        totals: (t.offence, t.defence, t.morale),
                    }
                };
                SeenCombat {
                    area: c.area,
                    round: c.round,
                    attacker: side(CombatRole::Attacker),
                    defender: side(CombatRole::Defender),
                }
            }),
        }
    }
}
