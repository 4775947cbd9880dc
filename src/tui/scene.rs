//! What one frame may show: the privacy gate between the game and the drawing code. A
//! `Scene` holds the `PlayerView` of the seat on screen (never the raw position), the printed
//! board, and the legal actions in words only when that seat is the one deciding.

use crate::bot::odds::{CombatOdds, combat_odds};
use crate::engine::rules::board::Board;
use crate::engine::state::action::DamageTarget;
use std::rc::Rc;
use std::sync::atomic::{AtomicU32, Ordering};

use crate::engine::data::{CombatCardData, EventKind, StormIcon};
use crate::engine::report::order_preview::OrderPreview;
use crate::engine::rules::{AbilityPart, PendingAbility, Warning};
use crate::engine::state::card_name::CardName;
use crate::engine::state::ids::Order;
use crate::engine::state::phase::{EndReason, Phase};
use crate::engine::{
    Action, AreaId, Decision, DecisionKind, EdgeId, Game, GameData, PlayerView, Seat, Side,
    SystemId,
};

/// One legal action as the prompt lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// Its number in the full list (1-based), the same whatever the filter.
    pub number: usize,
    /// The action.
    pub action: Action,
    /// The action in plain words.
    pub words: String,
    /// The card the action buys, chooses or plays, by name.
    pub card: Option<String>,
    /// The system and order of the token the action places, reveals or resolves (its preview
    /// is in [`Scene::previews`]).
    pub order: Option<(SystemId, Order)>,
    /// What the action would do that its player may not intend ([`Game::warnings`]).
    pub warnings: Vec<Warning>,
}

/// Everything a frame draws from.
#[derive(Debug, Clone)]
pub struct Scene<'a> {
    /// The printed board.
    pub board: &'a Board,
    /// While the board is constructed: where a system tile may still go (public).
    pub open: Vec<SystemId>,
    /// The systems on screen: the board, or during construction the placed tiles and the
    /// places still open.
    pub window: super::layout::Window,
    /// The game data (unit names, costs).
    pub data: &'a GameData,
    /// What the seat on screen may see.
    pub view: PlayerView,
    /// The phase's name (public).
    pub phase: &'static str,
    /// The number of game rounds.
    pub rounds: u8,
    /// Who decides now and what (public).
    pub decision: Option<Decision>,
    /// The legal actions, listed only when the seat on screen decides.
    pub choices: Vec<Choice>,
    /// The winners and why, once the game is over.
    pub over: Option<(Vec<Seat>, EndReason)>,
    /// The odds of the combat the seat on screen is deciding in, or would start by ending his
    /// Advance now, as he knows the game.
    pub odds: Option<CombatOdds>,
    /// The players' names by seat (public; empty: no name).
    pub names: Vec<String>,
    /// A replay's scene: every hidden thing is filled in and the panels show it all (both
    /// combat hands, face-down cards), not as one seat sees it.
    pub everything: bool,
    /// The event card being resolved (chosen and face up), by name.
    pub resolving: Option<String>,
    /// What each order the seat on screen may place, reveal or resolve now would do, as it
    /// knows the game ([`Game::order_previews`]); empty when another seat decides.
    pub previews: Rc<Vec<OrderPreview>>,
}

/// Playouts behind the odds on screen, in every build. They are computed once per decision
/// (see [`OddsCache`]), so a key press never waits for them.
pub const SCREEN_ODDS_SAMPLES: u32 = 500;

/// The playouts the odds on screen use now: [`SCREEN_ODDS_SAMPLES`] unless a test asked for
/// fewer with [`set_odds_samples`].
static ODDS_SAMPLES: AtomicU32 = AtomicU32::new(SCREEN_ODDS_SAMPLES);

/// Sets the playouts behind the odds on screen for the whole process. For tests only: they
/// draw many combat screens and compare them with snapshots, which then show the same odds in
/// every build profile (`herakon play` takes it from `HERAKON_TEST_ODDS_SAMPLES`). Players keep
/// [`SCREEN_ODDS_SAMPLES`].
pub fn set_odds_samples(samples: u32) {
    ODDS_SAMPLES.store(samples.max(1), Ordering::Relaxed);
}

/// The game a cached estimate belongs to: the same start, the same history and the same seat
/// on screen mean the same decision, as that seat knows it.
#[derive(Debug, Clone, PartialEq)]
struct OddsKey {
    shown: Option<Seat>,
    start: crate::engine::Position,
    history: Vec<Action>,
}

/// The last combat estimate shown, kept so that redrawing the screen, moving the selection or
/// scrolling never plays the combat out again: the playouts run once per decision.
#[derive(Debug, Default)]
pub struct OddsCache {
    last: Option<(OddsKey, Option<CombatOdds>)>,
}

impl OddsCache {
    /// The estimate for `shown` in `game`, computed only when the game or the seat changed
    /// since the last call.
    pub fn get(&mut self, game: &Game, shown: Option<Seat>) -> Option<CombatOdds> {
        if let Some((key, odds)) = &self.last
            && key.shown == shown
            && key.history.as_slice() == game.history()
            && key.start == *game.start()
        {
            return *odds;
        }
        let odds = screen_odds(game, shown, game.decision());
        let key = OddsKey {
            shown,
            start: game.start().clone(),
            history: game.history().to_vec(),
        };
        self.last = Some((key, odds));
        odds
    }
}

/// The last order previews shown, kept for the same reason as [`OddsCache`]: they are worked
/// out once per decision, not on every redraw.
#[derive(Debug, Default)]
pub struct PreviewCache {
    last: Option<(OddsKey, Rc<Vec<OrderPreview>>)>,
}

impl PreviewCache {
    /// The previews for `shown` in `game`, computed only when the game or the seat changed
    /// since the last call.
    pub fn get(&mut self, game: &Game, shown: Option<Seat>) -> Rc<Vec<OrderPreview>> {
        if let Some((key, previews)) = &self.last
            && key.shown == shown
            && key.history.as_slice() == game.history()
            && key.start == *game.start()
        {
            return Rc::clone(previews);
        }
        let previews = Rc::new(screen_previews(game, shown));
        let key = OddsKey {
            shown,
            start: game.start().clone(),
            history: game.history().to_vec(),
        };
        self.last = Some((key, Rc::clone(&previews)));
        previews
    }
}

/// The previews worth showing to `shown`: those of his own decision only.
fn screen_previews(game: &Game, shown: Option<Seat>) -> Vec<OrderPreview> {
    shown.map(|s| game.order_previews(s)).unwrap_or_default()
}

/// The warnings of the legal actions last listed, kept for the same reason as
/// [`OddsCache`]: telling a broken ground path plays the ship movement out on a copy of the
/// game, once per decision, not on every redraw.
#[derive(Debug, Default)]
pub struct WarningsCache {
    last: Option<(OddsKey, Rc<Vec<Vec<Warning>>>)>,
}

impl WarningsCache {
    /// The warnings of each legal action (in their order), when `shown` decides in `game`.
    pub fn get(&mut self, game: &Game, shown: Option<Seat>) -> Rc<Vec<Vec<Warning>>> {
        if let Some((key, warnings)) = &self.last
            && key.shown == shown
            && key.history.as_slice() == game.history()
            && key.start == *game.start()
        {
            return Rc::clone(warnings);
        }
        let warnings = Rc::new(screen_warnings(game, shown));
        let key = OddsKey {
            shown,
            start: game.start().clone(),
            history: game.history().to_vec(),
        };
        self.last = Some((key, Rc::clone(&warnings)));
        warnings
    }
}

/// The warnings worth showing to `shown`: those of his own decision's actions only.
fn screen_warnings(game: &Game, shown: Option<Seat>) -> Vec<Vec<Warning>> {
    match game.decision() {
        Some(d) if Some(d.seat) == shown => game
            .legal_actions()
            .into_iter()
            .map(|a| game.warnings(a))
            .collect(),
        _ => Vec::new(),
    }
}

thread_local! {
    /// The client draws on one thread; its scenes share these caches.
    static ODDS: std::cell::RefCell<OddsCache> = std::cell::RefCell::new(OddsCache::default());
    static WARNINGS: std::cell::RefCell<WarningsCache> =
        std::cell::RefCell::new(WarningsCache::default());
    static PREVIEWS: std::cell::RefCell<PreviewCache> =
        std::cell::RefCell::new(PreviewCache::default());
}

/// The combat odds worth showing to `shown`: only when he decides in a combat, or is moving
/// ground units into a contested area.
fn screen_odds(game: &Game, shown: Option<Seat>, decision: Option<Decision>) -> Option<CombatOdds> {
    let d = decision?;
    if Some(d.seat) != shown {
        return None;
    }
    match d.kind {
        DecisionKind::Reinforce | DecisionKind::ChooseCombatCard | DecisionKind::MoveGround => {
            let seed = game.history().len() as u64;
            combat_odds(game, shown, ODDS_SAMPLES.load(Ordering::Relaxed), seed)
        }
        _ => None,
    }
}

impl<'a> Scene<'a> {
    /// The regions of the playing screen for this scene on a screen of `size`: the decision
    /// panel asks for room for every choice and for its odds line. The drawing and the keys and
    /// clicks ([`super::app::App::regions_in`]) both ask it, so they agree on where things are.
    #[must_use]
    pub fn regions(&self, size: ratatui::layout::Rect) -> super::layout::Regions {
        let odds = usize::from(self.prompt_odds().is_some());
        super::layout::Regions::compute(
            size,
            self.window,
            self.view.players.len(),
            self.choices.len() + odds,
        )
    }

    /// The odds the decision panel shows above the list: those of the combat that ending a
    /// ground move would start (inside a combat the combat panel shows them instead).
    #[must_use]
    pub fn prompt_odds(&self) -> Option<&CombatOdds> {
        self.odds.as_ref().filter(|_| self.view.combat.is_none())
    }

    /// The scene for `shown` (`None`: public information only).
    #[must_use]
    pub fn new(game: &'a Game, shown: Option<Seat>) -> Scene<'a> {
        let view = game.view(shown);
        let decision = game.decision();
        let warnings = WARNINGS.with(|cache| match cache.try_borrow_mut() {
            Ok(mut cache) => cache.get(game, shown),
            Err(_) => Rc::new(screen_warnings(game, shown)),
        });
        let choices = match decision {
            Some(d) if Some(d.seat) == shown => game
                .legal_actions()
                .into_iter()
                .enumerate()
                .map(|(i, action)| Choice {
                    number: i + 1,
                    action,
                    words: words(game, &view, d, action),
                    card: card_name(game, &view, action),
                    order: game.order_of_action(&action),
                    warnings: warnings.get(i).cloned().unwrap_or_default(),
                })
                .collect(),
            _ => Vec::new(),
        };
        // The phase and the winners are public; nothing else is read from the position.
        let (phase, over) = match &game.position().phase {
            Phase::Setup(_) => ("Setup", None),
            Phase::Planning { .. } => ("Planning", None),
            Phase::Operations { .. } => ("Operations", None),
            Phase::Refresh { .. } => ("Refresh", None),
            Phase::GameOver { winners, reason } => ("Game over", Some((winners.clone(), *reason))),
        };
        let odds = ODDS.with(|cache| match cache.try_borrow_mut() {
            Ok(mut cache) => cache.get(game, shown),
            Err(_) => screen_odds(game, shown, decision),
        });
        let previews = PREVIEWS.with(|cache| match cache.try_borrow_mut() {
            Ok(mut cache) => cache.get(game, shown),
            Err(_) => Rc::new(screen_previews(game, shown)),
        });
        let open = game.open_tile_places();
        Scene {
            window: super::layout::Window::around(game.board(), &open),
            open,
            previews,
            odds,
            resolving: resolving_event(&game.position().phase),
            board: game.board(),
            data: game.data(),
            view,
            phase,
            rounds: game.data().components.rounds,
            decision,
            choices,
            over,
            names: game.names().to_vec(),
            everything: false,
        }
    }

    /// The scene of a replay: everything, hidden or not (every order token's face, both
    /// combat hands and chosen cards, drawn event cards), and no choices.
    #[must_use]
    pub fn everything(game: &'a Game) -> Scene<'a> {
        let mut scene = Scene::new(game, None);
        scene.everything = true;
        let pos = game.position();
        for (system, seen) in &mut scene.view.stacks {
            if let Some(stack) = pos.stacks.get(system) {
                for (token, real) in seen.iter_mut().zip(stack) {
                    token.order = Some(real.order);
                }
            }
        }
        if let (Some(real), Some(seen)) = (game.combat(), scene.view.combat.as_mut()) {
            use crate::engine::state::die::CombatRole;
            for (role, side) in [
                (CombatRole::Attacker, &mut seen.attacker),
                (CombatRole::Defender, &mut seen.defender),
            ] {
                side.hand.clone_from(&real.side(role).hand);
                side.hand_size = side.hand.len();
                side.chosen.clone_from(&real.side(role).chosen);
                side.has_chosen |= side.chosen.is_some();
            }
        }
        if let Phase::Refresh {
            step: crate::engine::state::phase::RefreshStep::ChooseEvent { drawn },
            ..
        } = &pos.phase
        {
            scene.view.drawn_events.clone_from(drawn);
        }
        scene
    }

    /// The faction in a seat.
    #[must_use]
    pub fn faction(&self, seat: Seat) -> Option<crate::engine::Faction> {
        self.view
            .players
            .iter()
            .find(|p| p.seat == seat)
            .map(|p| p.faction)
    }

    /// The decision in the deciding seat's words: for a combat card's ability or a scheme,
    /// which card and which of its abilities, as the view gives it (a card's general and unit
    /// abilities are asked one after the other with one kind of decision); else the kind of
    /// decision. The prompt's heading, and another seat's "their turn" box in the third person.
    #[must_use]
    pub fn decision_words(&self) -> Option<String> {
        let d = self.decision?;
        Some(match (&self.view.ability, d.kind) {
            (Some(a), DecisionKind::CardAbility | DecisionKind::CombatScheme) => a.to_string(),
            _ => d.kind.to_string(),
        })
    }

    /// How a seat's player is called: `Anna (World Eaters)`, or the faction alone (the seat
    /// number when the seat is unknown).
    #[must_use]
    pub fn who(&self, seat: Seat) -> String {
        let name = self.names.get(seat.index()).map(String::as_str);
        self.faction(seat).map_or_else(
            || seat.to_string(),
            |f| crate::engine::state::names::label(name, f),
        )
    }

    /// A system's label: `B2 Tarsis`.
    #[must_use]
    pub fn system_label(&self, s: SystemId) -> String {
        let name = self.board.system_name(s);
        if name.is_empty() {
            s.to_string()
        } else {
            format!("{s} {name}")
        }
    }
}

/// The event card a Refresh Phase step resolves: chosen, so face up for everyone.
fn resolving_event(phase: &Phase) -> Option<String> {
    use crate::engine::state::phase::RefreshStep;
    match phase {
        Phase::Refresh {
            step:
                RefreshStep::MoveStorm { card, .. }
                | RefreshStep::EventAbility { card }
                | RefreshStep::Tactic { card, .. }
                | RefreshStep::Prayer { card, .. },
            ..
        } => Some(card.to_string()),
        _ => None,
    }
}

/// Whether an action concerns an area (for actions naming areas) or its system (for actions
/// naming only a system or a tile edge). Actions naming no place concern every area. The
/// areas and systems come from [`Action::places`], the engine's one answer to which places an
/// action names; only tile edges (storms) are looked at here.
#[must_use]
pub fn concerns(action: &Action, at: AreaId) -> bool {
    let edge_at = |e: EdgeId| {
        [Side::N, Side::E, Side::S, Side::W]
            .into_iter()
            .any(|side| EdgeId::of(at.system, side) == e)
    };
    match *action {
        Action::PlaceStorm { edge } => edge_at(edge),
        Action::MoveStorm { from, to } => edge_at(from) || edge_at(to),
        _ if !names_a_place(action) => true,
        _ => {
            let p = action.places();
            p.from == Some(at) || p.to == Some(at) || p.system == Some(at.system)
        }
    }
}

/// Whether an action names an area, a system or an edge.
#[must_use]
pub fn names_a_place(action: &Action) -> bool {
    let p = action.places();
    p.from.is_some()
        || p.to.is_some()
        || p.system.is_some()
        || matches!(action, Action::MoveStorm { .. } | Action::PlaceStorm { .. })
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

/// Every legal action of the deciding seat in plain words, in the order of
/// [`Game::legal_actions`], as that seat's list shows them (one view for all).
#[must_use]
pub fn choice_words(game: &Game) -> Vec<String> {
    let Some(d) = game.decision() else {
        return Vec::new();
    };
    let view = game.view(Some(d.seat));
    game.legal_actions()
        .into_iter()
        .map(|a| words(game, &view, d, a))
        .collect()
}

/// An action of the deciding seat in plain words, as that seat's list shows it.
#[must_use]
pub fn action_words(game: &Game, action: Action) -> String {
    match game.decision() {
        Some(d) => words(game, &game.view(Some(d.seat)), d, action),
        None => action.to_string(),
    }
}

/// `action`, of the seat deciding in `game`, in words every seat may read (for the log): the
/// list's words for the position as the table sees it, or the engine's public words for an
/// action whose choice is hidden (a card picked from a hand or from drawn cards).
#[must_use]
pub fn public_words(game: &Game, action: Action) -> String {
    let Some(d) = game.decision() else {
        return action.to_string();
    };
    let public = game.action_as_seen(&action, d.seat, None);
    if public != action.to_string() {
        return public;
    }
    words(game, &game.view(None), d, action)
}

/// An action in plain words, through the log's grammar pass (`a`/`an` before a unit's name,
/// counted plurals), so no choice reads "place a Aspect Warrior".
fn words(game: &Game, view: &PlayerView, d: Decision, action: Action) -> String {
    crate::engine::rules::wording::plain(&raw_words(game, view, d, action))
}

/// An action in words, before the grammar pass.
fn raw_words(game: &Game, view: &PlayerView, d: Decision, action: Action) -> String {
    let board = game.board();
    let data = game.data();
    let area_label = |a: AreaId| area_label(board, a);
    let sys_label = |s: SystemId| {
        let n = board.system_name(s);
        if n.is_empty() {
            s.to_string()
        } else {
            format!("{s} {n}")
        }
    };
    let unit_name = |u: crate::engine::UnitType| data.unit(u).name.clone();
    // A combat card's effect names its own choices.
    if let Some(w) = game.card_action_words(action) {
        return w;
    }
    match action {
        Action::Place { order, system } => format!(
            "place {} on {}",
            capitalized(order.key()),
            sys_label(system)
        ),
        Action::Reveal { system } => {
            match view
                .stacks
                .get(&system)
                .and_then(|st| st.last())
                .and_then(|t| t.order)
            {
                Some(o) => format!(
                    "reveal your {} order on {}",
                    capitalized(o.key()),
                    sys_label(system)
                ),
                None => format!("reveal your order on {}", sys_label(system)),
            }
        }
        Action::Resolve => "resolve the order".into(),
        Action::ToEventDeck => "put the token on your event deck instead".into(),
        Action::BuyUnit { .. } | Action::BuildStructure { .. } => purchase_words(game, action),
        Action::MoveUnits {
            from,
            to,
            unit,
            count,
        } => {
            format!(
                "move {count} {} {from} → {}",
                unit_name(unit),
                area_label(to)
            )
        }
        Action::TakeAsset { asset } => format!("take a {asset} token"),
        Action::BuyOrderUpgrade { .. } | Action::BuyCombatUpgrade { .. } => {
            upgrade_words(game, view, action)
        }
        Action::Destroy { area, unit } => {
            format!("destroy a {} at {}", unit_name(unit), area_label(area))
        }
        Action::ChooseEvent { card } => {
            match view.drawn_events.get(usize::from(card).wrapping_sub(1)) {
                Some(name) => format!("choose the event card {name}"),
                None => action.to_string(),
            }
        }
        Action::MoveStorm { from, to } => format!("move the warp storm {from} → {to}"),
        Action::UseEvent => match resolving_event(&game.position().phase) {
            Some(card) => format!("resolve the ability of {card}"),
            None => "resolve the event card's ability".into(),
        },
        Action::Reinforce { count: 0 } => "commit no reinforcement token".into(),
        Action::Reinforce { count } => {
            format!(
                "commit {count} reinforcement token{}",
                if count == 1 { "" } else { "s" }
            )
        }
        Action::PlayCard { .. } => card_words(game, view, action),
        Action::Damage { target } => match target {
            DamageTarget::Unit { unit, routed } => {
                let u = data.unit(unit);
                format!(
                    "the next damage hits a {}{} (health {}, morale {})",
                    if routed { "routed " } else { "" },
                    u.name,
                    u.health,
                    u.morale
                )
            }
            DamageTarget::Reinforcement { routed } => {
                format!(
                    "the next damage hits a {}reinforcement token",
                    if routed { "routed " } else { "" }
                )
            }
            DamageTarget::Bastion => "the next damage hits the bastion".into(),
        },
        Action::Retreat { area } => format!("retreat to {}", area_label(area)),
        Action::Strike { void, world } => {
            format!("orbital strike from {void} on {}", area_label(world))
        }
        Action::Replace { area, from, to } => format!(
            "replace the {} at {} with a free {} (1 materiel)",
            unit_name(from),
            area_label(area),
            unit_name(to)
        ),
        Action::PlaceTile {
            number,
            side_b,
            rotation,
            system,
        } => {
            let code = format!("{number}{}", if side_b { 'B' } else { 'A' });
            let name = data.tile_side(&code).map_or("", |t| t.name.as_str());
            format!("place tile {code} {name} on {system}, turned {rotation}")
        }
        Action::SetupUnit { unit, area } => {
            format!("place a {} at {}", unit_name(unit), area_label(area))
        }
        Action::SetupStructure { kind, area } => {
            format!("place a {kind} at {}", area_label(area))
        }
        Action::PlaceObjective { area, faction } => {
            format!(
                "place a {} objective token at {}",
                faction.name(),
                area_label(area)
            )
        }
        Action::PlaceStorm { edge } => format!("place a warp storm on {edge}"),
        Action::UseAbility
        | Action::Choose { .. }
        | Action::Pick { .. }
        | Action::Die { .. }
        | Action::Convert { .. }
        | Action::Discard { .. } => action.to_string(),
        Action::Area { area } => format!("choose {}", area_label(area)),
        Action::PlaceFree { unit, area } => {
            format!("place a free {} at {}", unit_name(unit), area_label(area))
        }
        Action::Steal { faction, asset } => format!("{} loses a {asset} token", faction.name()),
        Action::Raze { area, kind } => format!("destroy the {kind} at {}", area_label(area)),
        Action::ResolveAs { order } => format!(
            "resolve it as {} (The Green Tide)",
            capitalized(order.key())
        ),
        Action::System { system } => format!("choose {}", sys_label(system)),
        Action::Rout { area, unit } => {
            format!("rout a {} at {}", unit_name(unit), area_label(area))
        }
        Action::Done => done_words(d.kind).into(),
    }
}

/// A unit or structure purchase in words, with its price.
fn purchase_words(game: &Game, action: Action) -> String {
    let data = game.data();
    let label = |a: AreaId| area_label(game.board(), a);
    match action {
        Action::BuyUnit {
            unit,
            area,
            forge_level,
            cache,
        } => {
            let u = data.unit(unit);
            let cost = game.price(action).map_or(u.cost, |p| p.materiel);
            let mut s = format!(
                "buy {} at {} — {cost} materiel (level {}, {} {}, health {}, morale {})",
                u.name,
                label(area),
                u.level,
                u.combat,
                if u.combat == 1 { "die" } else { "dice" },
                u.health,
                u.morale
            );
            if u.forge {
                s.push_str(" + forge token");
            }
            if forge_level {
                s.push_str(", forge token lowers level");
            }
            if cache {
                s.push_str(", cache token −2");
            }
            s
        }
        Action::BuildStructure { kind, area, cache } => {
            let cost = game
                .price(action)
                .map_or(data.structure(kind).cost, |p| p.materiel);
            let mut s = format!("build a {kind} at {} — {cost} materiel", label(area));
            if cache {
                s.push_str(", cache token −2");
            }
            s
        }
        _ => action.to_string(),
    }
}

/// An area's label: `B2.nw Calth` or `B2.se (void)`.
fn area_label(board: &Board, a: AreaId) -> String {
    match board.area(a).and_then(|i| i.world()) {
        Some(w) => format!("{a} {}", w.name),
        None => format!("{a} (void)"),
    }
}

/// The card an action buys, chooses or plays, or whose ability it resolves or skips, by name.
fn card_name(game: &Game, view: &PlayerView, action: Action) -> Option<String> {
    let nth = |list: &[CardName], i: u8| {
        list.get(usize::from(i).wrapping_sub(1))
            .map(ToString::to_string)
    };
    match action {
        Action::BuyOrderUpgrade { .. } | Action::BuyCombatUpgrade { .. } => {
            game.upgrade_cards(action).map(|c| c.bought.to_string())
        }
        Action::ChooseEvent { card } => nth(&view.drawn_events, card),
        // Resolving or skipping a combat card's ability or a scheme: the card whose text the
        // panels show beside the choice (the list drops the ability's words when cut).
        Action::UseAbility | Action::UseEvent | Action::Done => {
            view.ability.as_ref().map(|a| a.card.to_string())
        }
        Action::PlayCard { card } => {
            let me = game.faction(view.viewer?);
            let combat = view.combat.as_ref()?;
            let side = [&combat.attacker, &combat.defender]
                .into_iter()
                .find(|s| s.faction == me)?;
            nth(&side.hand, card)
        }
        _ => None,
    }
}

/// An upgrade purchase in words, with the card's name and cost.
fn upgrade_words(game: &Game, view: &PlayerView, action: Action) -> String {
    let data = game.data();
    let Some(name) = card_name(game, view, action) else {
        return action.to_string();
    };
    let cost = game.price(action).unwrap_or_default().materiel;
    match action {
        Action::BuyOrderUpgrade { .. } => match data.order_upgrades.iter().find(|c| c.name == name)
        {
            Some(c) => format!("buy {name} ({} upgrade) — {cost} materiel", c.order),
            None => format!("buy {name}"),
        },
        Action::BuyCombatUpgrade { .. } => {
            let old = game
                .upgrade_cards(action)
                .and_then(|c| c.returned)
                .unwrap_or("?");
            format!("buy {name} in place of {old} — {cost} materiel")
        }
        _ => action.to_string(),
    }
}

/// Playing a combat card of the viewer's hand, with the card's icons.
fn card_words(game: &Game, view: &PlayerView, action: Action) -> String {
    match card_name(game, view, action) {
        Some(name) => match game.data().combat_cards.iter().find(|c| c.name == name) {
            Some(c) => format!(
                "play {name} ({} off, {} def, {} mor)",
                c.icons.offence, c.icons.defence, c.icons.morale
            ),
            None => format!("play {name}"),
        },
        None => action.to_string(),
    }
}

/// A card's printed numbers and text, looked up by name among every kind of card.
#[must_use]
pub fn card_text(data: &GameData, name: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(c) = data.order_upgrades.iter().find(|c| c.name == name) {
        out.push(format!(
            "Order upgrade ({}) · level {} · {} materiel",
            c.order, c.level, c.cost
        ));
        out.push(c.text.clone());
    } else if let Some(c) = data.combat_cards.iter().find(|c| c.name == name) {
        let level = c.level.map_or_else(
            || "starting card".to_string(),
            |l| format!("level {l} · {} materiel", c.cost),
        );
        out.push(format!(
            "Combat card · {level} · {} offence {} defence {} morale",
            c.icons.offence, c.icons.defence, c.icons.morale
        ));
        if let Some(g) = &c.general {
            out.push(g.clone());
        }
        if let Some(u) = unit_ability_text(data, c) {
            out.push(u);
        }
    } else if let Some(c) = data.event_cards.iter().find(|c| c.name == name) {
        let kind = match c.kind {
            EventKind::Scheme => "scheme",
            EventKind::Tactic => "tactic",
        };
        let storm = match c.storm {
            StormIcon::Across => "across",
            StormIcon::Sideways => "sideways",
            StormIcon::DiagonalTlBr => "diagonal ↖↘",
            StormIcon::DiagonalTrBl => "diagonal ↗↙",
        };
        out.push(format!("Event card · {kind} · warp storm moves {storm}"));
        out.push(c.text.clone());
    }
    out
}

/// A combat card's unit ability as printed: its requisite, then its text.
fn unit_ability_text(data: &GameData, c: &CombatCardData) -> Option<String> {
    let u = c.unit.as_ref()?;
    let req: Vec<&str> = u
        .requires
        .iter()
        .map(|t| data.unit(*t).name.as_str())
        .collect();
    let with = if u.bastion {
        format!("{} or a bastion", req.join(" or "))
    } else {
        req.join(" or ")
    };
    Some(format!("With {with}: {}", u.text))
}

/// The text of the ability a combat asks about ([`PendingAbility`]): a combat card's general
/// or unit ability alone (as [`card_text`] prints it), or the scheme's text.
#[must_use]
pub fn ability_text(data: &GameData, ability: &PendingAbility) -> Option<String> {
    let name = ability.card.as_str();
    match ability.part {
        AbilityPart::General => data
            .combat_cards
            .iter()
            .find(|c| c.name == name)?
            .general
            .clone(),
        AbilityPart::Unit => {
            unit_ability_text(data, data.combat_cards.iter().find(|c| c.name == name)?)
        }
        AbilityPart::Scheme => data
            .event_cards
            .iter()
            .find(|c| c.name == name)
            .map(|c| c.text.clone()),
    }
}

/// What `done` means for each decision.
fn done_words(kind: DecisionKind) -> &'static str {
    match kind {
        DecisionKind::DeployUnits => "done buying units (on to the structure)",
        DecisionKind::DeployStructure => "done: buy no structure",
        DecisionKind::MoveShips => "done moving ships (on to ground units)",
        DecisionKind::MoveGround => "done moving: end the Advance",
        DecisionKind::FactionAbility => "done: do not use the faction ability",
        DecisionKind::BuyUpgrades => "done buying upgrades",
        DecisionKind::EventAbility => "done: do not resolve the ability",
        DecisionKind::OrbitalStrike => "done: no orbital strike",
        DecisionKind::PlaceForces => "done: keep the rest for your next tiles",
        _ => "done",
    }
}
