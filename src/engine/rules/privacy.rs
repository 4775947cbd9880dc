//! Hidden information as engine rules, shared by every front end (the client, the checker):
//! which facts each seat may not see ([`Game::hidden_from`]); when an action may be taken
//! back ([`Game::can_undo`]: it showed nothing hidden to anybody, rolled no dice, shuffled
//! nothing, and no other seat has taken the keyboard since, the policy of online board game
//! tables; where the keyboard is the front end says, [`Keyboard`]); how an
//! action reads to a seat that did not make it ([`Game::action_as_seen`]); and what a seat may
//! be told about an action before it is taken ([`Game::preview`]).

use std::collections::BTreeMap;
use std::fmt;

use crate::engine::rules::{Decision, Event, Game, RuleError};
use crate::engine::state::action::Action;
use crate::engine::state::card_name::CardName;
use crate::engine::state::die::CombatRole;
use crate::engine::state::ids::{Faction, Order, Seat};
use crate::engine::state::phase::{OpStep, Phase, RefreshStep};

/// One thing a seat cannot see, named by its owner and face: several equal facts may be
/// hidden at once (two face-down Deploy tokens), so facts are counted.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HiddenFact {
    /// An order token whose face the seat cannot see (face down on a stack, still to place,
    /// or on the event deck of another player).
    Order(Faction, Order),
    /// A combat card in a hand, chosen face down, or in a combat deck during a combat.
    CombatCard(Faction, CardName),
    /// An event card in an event deck, or drawn by another player.
    EventCard(Faction, CardName),
}

/// Everything hidden from one seat, each fact with how many times it is hidden.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HiddenFacts {
    /// How many of each fact are hidden.
    pub counts: BTreeMap<HiddenFact, usize>,
}

impl HiddenFacts {
    fn add(&mut self, fact: HiddenFact) {
        *self.counts.entry(fact).or_insert(0) += 1;
    }

    /// Facts hidden in `self` of which `later` hides fewer: what became visible between the
    /// two (or left play, which a caller cannot tell apart and treats alike).
    #[must_use]
    pub fn shown_by(&self, later: &HiddenFacts) -> Vec<HiddenFact> {
        self.counts
            .iter()
            .filter(|(fact, n)| later.counts.get(*fact).copied().unwrap_or(0) < **n)
            .map(|(fact, _)| fact.clone())
            .collect()
    }

    /// Whether a fact is hidden at least once.
    #[must_use]
    pub fn contains(&self, fact: &HiddenFact) -> bool {
        self.counts.contains_key(fact)
    }
}

/// Why an action cannot be taken back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UndoRefusal {
    /// No action was taken since the game (or the loaded position) began.
    NothingToUndo,
    /// The game is over.
    GameOver,
    /// Another seat made the action, or another seat decides now.
    AnotherPlayer,
    /// It turned up a face-down order token.
    RevealedOrder,
    /// It rolled dice or shuffled cards (the random generator moved, or set dice were used).
    Random,
    /// It put cards in front of the seat that made it (a draw, a look at a hidden card).
    Drew,
    /// It showed a hidden card or token to another seat (or to the table).
    ShowedHidden(Option<Seat>),
    /// It changed what another seat holds in private (its hand, its orders, its drawn cards).
    ChangedPrivate(Seat),
    /// The seat now deciding has taken the keyboard since the action: it may have seen the
    /// position the action made.
    HandedOver(Seat),
    /// The history could not be replayed (a broken save).
    Replay(String),
}

/// Where the keyboard is, for taking an action back: a rule about hidden information the
/// engine cannot see for itself (the client knows who holds the keyboard and says so).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keyboard {
    /// Still with the seat that made the last action: the seat deciding next has not taken it
    /// (a hand-off is waiting, or a computer player has not moved yet).
    WithActor,
    /// With the seat deciding now (whoever that is).
    WithDecider,
}

impl fmt::Display for UndoRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UndoRefusal::NothingToUndo => f.write_str("nothing to undo"),
            UndoRefusal::GameOver => f.write_str("cannot undo: the game is over"),
            UndoRefusal::AnotherPlayer => f.write_str("cannot undo: another player decided it"),
            UndoRefusal::RevealedOrder => f.write_str("cannot undo: it revealed a face-down order"),
            UndoRefusal::Random => f.write_str("cannot undo: it rolled dice or shuffled cards"),
            UndoRefusal::Drew => f.write_str("cannot undo: it drew cards"),
            UndoRefusal::ShowedHidden(Some(seat)) => {
                write!(f, "cannot undo: it showed {seat} something hidden")
            }
            UndoRefusal::ShowedHidden(None) => {
                f.write_str("cannot undo: it showed the table something hidden")
            }
            UndoRefusal::ChangedPrivate(seat) => {
                write!(f, "cannot undo: it changed what {seat} holds")
            }
            UndoRefusal::HandedOver(seat) => {
                write!(f, "cannot undo: {seat} has taken the keyboard since")
            }
            UndoRefusal::Replay(why) => write!(f, "cannot undo: {why}"),
        }
    }
}

/// What a seat may be told about an action before it is taken.
#[derive(Debug, Clone)]
pub enum Preview {
    /// Legal, and what follows is the same however the hidden facts lie.
    Legal {
        /// What it would do.
        events: Vec<Event>,
        /// The game after it.
        after: Box<Game>,
    },
    /// Legal, but what follows depends on facts hidden from the seat (dice not yet rolled,
    /// cards face down or in other hands): only its legality is told.
    LegalOutcomeHidden,
    /// Refused, for a reason that holds however the hidden facts lie.
    Refused(RuleError),
    /// The answer depends on another seat's hidden facts: nothing is told.
    Hidden(String),
}

/// How many re-deals of the hidden facts a preview is compared with.
const PREVIEW_REDEALS: u64 = 6;

impl Game {
    /// The facts hidden from `viewer` (`None`: from the table, everything face down): the
    /// same line [`Game::view`] draws, stated as facts so rules and tests can count them.
    #[must_use]
    pub fn hidden_from(&self, viewer: Option<Seat>) -> HiddenFacts {
        let pos = self.position();
        let me = viewer.map(|s| self.faction(s));
        let mut out = HiddenFacts::default();
        let revealed = match &pos.phase {
            Phase::Operations {
                step: OpStep::Revealed { system, .. },
                ..
            } => Some(*system),
            _ => None,
        };
        for (system, stack) in &pos.stacks {
            for (i, t) in stack.iter().enumerate() {
                let top = i + 1 == stack.len();
                if !(top && (Some(t.owner) == me || revealed == Some(*system))) {
                    out.add(HiddenFact::Order(t.owner, t.order));
                }
            }
        }
        for p in &pos.players {
            if Some(p.faction) != me {
                for o in p.orders.iter().chain(&p.event_tokens) {
                    out.add(HiddenFact::Order(p.faction, *o));
                }
            }
            // Nobody knows the order of an event deck, its owner included.
            for card in &p.event_deck {
                out.add(HiddenFact::EventCard(p.faction, card.clone()));
            }
        }
        if let Phase::Refresh {
            turn,
            step: RefreshStep::ChooseEvent { drawn } | RefreshStep::Tactic { drawn, .. },
        } = &pos.phase
            && Some(*turn) != viewer
        {
            let f = self.faction(*turn);
            for card in drawn {
                out.add(HiddenFact::EventCard(f, card.clone()));
            }
        }
        if let Some(c) = self.combat() {
            for role in [CombatRole::Attacker, CombatRole::Defender] {
                let (side, other) = (c.side(role), c.side(role.other()));
                let Some(f) = side.faction else { continue };
                let deck = self
                    .seat_of(f)
                    .map(|s| self.player(s).combat_deck.as_slice())
                    .unwrap_or_default();
                // The deck's order is hidden from its owner too.
                for card in deck {
                    out.add(HiddenFact::CombatCard(f, card.clone()));
                }
                if Some(f) == me {
                    continue;
                }
                for card in &side.hand {
                    out.add(HiddenFact::CombatCard(f, card.clone()));
                }
                // Reconnaissance shows the face-down card to the side that looked only.
                let peeked = other.saw_card && me.is_some() && other.faction == me;
                if let Some(card) = &side.chosen
                    && !peeked
                {
                    out.add(HiddenFact::CombatCard(f, card.clone()));
                }
            }
        }
        out
    }

    /// What going from this game to `after` shows `seat` alone: the facts hidden from it
    /// before that it sees afterwards, beyond what the table learns of them too (a card drawn,
    /// a hand dealt; not a token it revealed to all, nor its own token put face down). Empty
    /// when the step tells that seat nothing the others do not learn.
    #[must_use]
    pub fn shown_only_to(&self, after: &Game, seat: Seat) -> Vec<HiddenFact> {
        let (mine, mine_after) = (self.hidden_from(Some(seat)), after.hidden_from(Some(seat)));
        let (table, table_after) = (self.hidden_from(None), after.hidden_from(None));
        let count = |h: &HiddenFacts, f: &HiddenFact| h.counts.get(f).copied().unwrap_or(0);
        mine.counts
            .iter()
            .filter(|(fact, n)| {
                let seen = n.saturating_sub(count(&mine_after, fact));
                let seen_by_all = count(&table, fact).saturating_sub(count(&table_after, fact));
                seen > seen_by_all
            })
            .map(|(fact, _)| fact.clone())
            .collect()
    }

    /// The game as it was after the first `keep` actions of its history, replayed from its
    /// start (the engine is deterministic).
    ///
    /// # Errors
    /// Why the history cannot be replayed (it always can for a game built by the engine).
    pub fn rewind(&self, keep: usize) -> Result<Game, UndoRefusal> {
        let mut before =
            Game::from_position(self.start().clone(), self.data_arc()).map_err(|v| {
                UndoRefusal::Replay(format!("the starting position breaks {} rule(s)", v.len()))
            })?;
        // The players' names and the computer seats are the game's, not the position's: they
        // come along.
        before
            .set_names(self.names())
            .map_err(|e| UndoRefusal::Replay(format!("names: {e}")))?;
        before
            .set_computer(self.computer().clone())
            .map_err(|e| UndoRefusal::Replay(format!("computer players: {e}")))?;
        for (i, action) in self.history().iter().take(keep).enumerate() {
            before.apply(*action).map_err(|e| {
                UndoRefusal::Replay(format!("action {} of the history fails: {e}", i + 1))
            })?;
        }
        Ok(before)
    }

    /// Whether `seat` may take back the last action: only its own action, with the keyboard
    /// still its own, that showed nothing hidden to any seat (itself included: a drawn card),
    /// rolled no dice, shuffled nothing, and left every other seat's private holdings as they
    /// were. Replays the history; [`Game::can_undo_from`] checks against a known earlier game.
    /// The keyboard is taken to be with the seat deciding now (see [`Game::can_undo_at`]).
    ///
    /// # Errors
    /// Why not.
    pub fn can_undo(&self, seat: Seat) -> Result<(), UndoRefusal> {
        self.undo(seat).map(|_| ())
    }

    /// [`Game::can_undo`] with the keyboard where `keyboard` says: while it is still with the
    /// seat that acted, that seat may take its action back even when another seat decides
    /// next (a placed order token, before the next player sits down), since the next seat has
    /// seen nothing of it.
    ///
    /// # Errors
    /// Why not.
    pub fn can_undo_at(&self, seat: Seat, keyboard: Keyboard) -> Result<(), UndoRefusal> {
        self.undo_at(seat, keyboard).map(|_| ())
    }

    /// The game before its last action, if `seat` may take it back ([`Game::can_undo`]).
    ///
    /// # Errors
    /// Why the last action cannot be undone.
    pub fn undo(&self, seat: Seat) -> Result<Game, UndoRefusal> {
        self.undo_at(seat, Keyboard::WithDecider)
    }

    /// The game before its last action, if `seat` may take it back with the keyboard where
    /// `keyboard` says ([`Game::can_undo_at`]).
    ///
    /// # Errors
    /// Why the last action cannot be undone.
    pub fn undo_at(&self, seat: Seat, keyboard: Keyboard) -> Result<Game, UndoRefusal> {
        let Some(keep) = self.history().len().checked_sub(1) else {
            return Err(UndoRefusal::NothingToUndo);
        };
        if self.decision().is_none() {
            return Err(UndoRefusal::GameOver);
        }
        let before = self.rewind(keep)?;
        self.can_undo_from_at(&before, seat, keyboard)?;
        Ok(before)
    }

    /// [`Game::can_undo`] with the game before the last action given (`before` must be this
    /// game with its last action not yet applied).
    ///
    /// # Errors
    /// Why the last action cannot be undone.
    pub fn can_undo_from(&self, before: &Game, seat: Seat) -> Result<(), UndoRefusal> {
        self.can_undo_from_at(before, seat, Keyboard::WithDecider)
    }

    /// [`Game::can_undo_at`] with the game before the last action given.
    ///
    /// # Errors
    /// Why the last action cannot be undone.
    pub fn can_undo_from_at(
        &self,
        before: &Game,
        seat: Seat,
        keyboard: Keyboard,
    ) -> Result<(), UndoRefusal> {
        if self.history().is_empty() {
            return Err(UndoRefusal::NothingToUndo);
        }
        let Some(now) = self.decision() else {
            return Err(UndoRefusal::GameOver);
        };
        if before.decision().map(|d| d.seat) != Some(seat) {
            return Err(UndoRefusal::AnotherPlayer);
        }
        if now.seat != seat && keyboard == Keyboard::WithDecider {
            return Err(UndoRefusal::HandedOver(now.seat));
        }
        if matches!(self.history().last(), Some(Action::Reveal { .. })) {
            return Err(UndoRefusal::RevealedOrder);
        }
        let (b, a) = (before.position(), self.position());
        if b.rng != a.rng || b.forced_dice != a.forced_dice {
            return Err(UndoRefusal::Random);
        }
        let viewers = std::iter::once(None).chain(self.seats().map(Some));
        for viewer in viewers {
            // A seat's own token turning up again on top of a stack tells it nothing it did
            // not know when it placed the token.
            let own = viewer.map(|s| self.faction(s));
            let shown: Vec<HiddenFact> = before
                .hidden_from(viewer)
                .shown_by(&self.hidden_from(viewer))
                .into_iter()
                .filter(|f| !matches!(f, HiddenFact::Order(owner, _) if Some(*owner) == own))
                .collect();
            if shown.is_empty() {
                continue;
            }
            if shown.iter().any(|f| matches!(f, HiddenFact::Order(..))) {
                return Err(UndoRefusal::RevealedOrder);
            }
            return Err(if viewer == Some(seat) {
                UndoRefusal::Drew
            } else {
                UndoRefusal::ShowedHidden(viewer)
            });
        }
        for other in self.seats().filter(|s| *s != seat) {
            if private_part(before, other) != private_part(self, other) {
                return Err(UndoRefusal::ChangedPrivate(other));
            }
        }
        Ok(())
    }

    /// `action`, taken by `actor` from this game, as `viewer` may read it (`None`: the table):
    /// the notation for the actor himself (and for the referee, `viewer` given as the actor);
    /// for anybody else, words that leave out what the action hides (which order a token
    /// placed face down bears, which card of a hidden hand or drawn set was picked).
    #[must_use]
    pub fn action_as_seen(&self, action: &Action, actor: Seat, viewer: Option<Seat>) -> String {
        if viewer == Some(actor) {
            return action.to_string();
        }
        match action {
            Action::Place { system, .. } => format!("place an order token face down on {system}"),
            Action::PlayCard { .. } if self.combat().is_some() => {
                "play a combat card from the hand".to_string()
            }
            Action::ChooseEvent { .. } => "choose one of the drawn event cards".to_string(),
            other => other.to_string(),
        }
    }

    /// What `viewer` may be told about `action` before it is taken (`None`: the referee, told
    /// everything). The action is tried on this game and on re-deals of everything hidden from
    /// the viewer ([`Game::redeal_hidden`]); whatever differs between them rests on hidden
    /// facts (dice not yet rolled, cards face down) and is not told.
    #[must_use]
    pub fn preview(&self, viewer: Option<Seat>, action: &Action) -> Preview {
        let try_on = |game: &Game| -> Result<(Vec<Event>, Game), RuleError> {
            let mut after = game.clone();
            after.apply(*action).map(|events| (events, after))
        };
        let Some(viewer) = viewer else {
            return match try_on(self) {
                Ok((events, after)) => Preview::Legal {
                    events,
                    after: Box::new(after),
                },
                Err(e) => Preview::Refused(e),
            };
        };
        // Another seat's decision: what is the same in every re-deal of what the viewer
        // cannot see is public (ending an Advance, a move everybody watches); the rest rests
        // on that seat's hidden choices and is not told.
        let decider = match self.decision() {
            Some(Decision { seat, .. }) if seat != viewer => Some(seat),
            _ => None,
        };
        let real = try_on(self);
        let mut outcome_hidden = false;
        for k in 0..PREVIEW_REDEALS {
            let other = try_on(&self.redeal_hidden(Some(viewer), k));
            match (&real, &other) {
                (Ok((e1, g1)), Ok((e2, g2))) => {
                    if e1 != e2 || g1.view(Some(viewer)) != g2.view(Some(viewer)) {
                        outcome_hidden = true;
                    }
                }
                (Err(e1), Err(e2)) if e1 == e2 => {}
                _ => {
                    return Preview::Hidden(decider.map_or_else(
                        || "whether it is legal rests on facts hidden from you".to_string(),
                        hidden_choice,
                    ));
                }
            }
        }
        match real {
            Ok(_) if outcome_hidden => Preview::LegalOutcomeHidden,
            Ok((events, after)) => Preview::Legal {
                events,
                after: Box::new(after),
            },
            Err(e) => Preview::Refused(e),
        }
    }
}

/// The sentence for an answer that rests on another seat's hidden choice.
#[must_use]
pub fn hidden_choice(seat: Seat) -> String {
    format!("{seat} decides this; its choice is hidden")
}

/// What `seat` holds in private: its own order tokens still to place, its combat hand and
/// face-down card, the event cards it drew, and a card it looked at. An action another seat
/// may undo must leave all of it as it was.
fn private_part(game: &Game, seat: Seat) -> Private {
    let v = game.view(Some(seat));
    let own = v
        .players
        .iter()
        .find(|p| p.seat == seat)
        .and_then(|p| p.orders.clone());
    let cards = v
        .combat
        .map(|c| [c.attacker, c.defender].map(|s| (s.hand, s.chosen)));
    (own, cards, v.drawn_events)
}

/// A seat's private holdings, as [`private_part`] gathers them.
type Private = (
    Option<Vec<Order>>,
    Option<[(Vec<CardName>, Option<CardName>); 2]>,
    Vec<CardName>,
);
