//! The table of a hosted game: one game and one [`Session`], and one view ([`App`]) for each
//! connection, fixed to its seat (or to no seat, for a spectator) and drawn for its own
//! terminal. The room is owned by a single thread, which hands it every connection's input
//! in turn, so no lock is shared: the room applies what a view asks of the session (an
//! action only for the seat deciding, a take-back only for the seat that acted), moves every
//! other view on, autosaves, and draws the frames to send.
//!
//! Every frame is drawn from the seat's own scene ([`draw`]): a view's seat is fixed when it
//! joins, and whatever the view state says, the scene drawn is that seat's or the public one.

use std::collections::{BTreeMap, VecDeque};
use std::path::Path;
use std::time::Duration;

use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::access::Who;
use super::input;
use crate::engine::{Action, Game, Seat};
use crate::tui::app::Effect;
use crate::tui::combat_result::Moment;
use crate::tui::save::Keeper;
use crate::tui::seats::Bots;
use crate::tui::session::{Request, Table};
use crate::tui::ui::ClientView;
use crate::tui::{App, Msg, Scene, Seating, Session, Theme};

/// The widest terminal drawn for; a wider one is drawn at this width.
pub const MAX_WIDTH: u16 = 500;
/// The tallest terminal drawn for.
pub const MAX_HEIGHT: u16 = 200;

/// A connection's number, given by the caller.
pub type ConnId = u64;

/// What the room sends a connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Out {
    /// Bytes for its terminal (a frame, or the part of it that changed).
    Frame(Vec<u8>),
    /// Say this and close the connection (it left the table).
    Close(String),
    /// Say this and close the connection: the host stops.
    Stop(String),
}

/// One connection's view.
#[derive(Debug, Clone)]
struct View {
    /// Whom it is for (fixed when it joins).
    who: Who,
    /// What is on its screen.
    app: App,
    /// The frame last sent (`None`: the next one is sent whole, after a clear).
    sent: Option<Buffer>,
    /// Its screen may have changed since the last frame.
    dirty: bool,
    /// The combat boxes waiting on its screen, oldest first: its own, so a key on one
    /// terminal closes that terminal's box only.
    moments: VecDeque<Moment>,
}

/// The game, its session and the views of every connection.
#[derive(Debug)]
pub struct Room {
    game: Game,
    session: Session,
    views: BTreeMap<ConnId, View>,
    theme: Theme,
    /// The autosave (none in tests).
    keeper: Option<Keeper>,
    /// The history's length at the last autosave.
    saved_len: usize,
    /// The connection being handled: its combat boxes are the session's meanwhile.
    current: Option<ConnId>,
}

/// What the whole table sees change: when it moves, every view is drawn again.
type Mark = (usize, usize, Option<Seat>, usize);

/// The frame of `app` (the view of `who`) for `game`, as the client draws it: the scene is
/// `who`'s own view (or the public one), whatever seat the view state names.
#[must_use]
pub fn draw(session: &Session, app: &App, game: &Game, who: Who) -> Buffer {
    draw_scene(session, app, &scene(game, app, who))
}

/// The scene of `game` the view `app` of `who` is drawn from: `who`'s own (or the public one
/// for a spectator, or when the view shows no seat), never another seat's.
#[must_use]
pub fn scene<'g>(game: &'g Game, app: &App, who: Who) -> Scene<'g> {
    Scene::new(game, app.shown.filter(|s| Some(*s) == who.seat()))
}

/// The frame of `app` showing `scene` (see [`draw`]).
#[must_use]
pub fn draw_scene(session: &Session, app: &App, scene: &Scene<'_>) -> Buffer {
    let area = app.size;
    let mut buf = Buffer::empty(area);
    ClientView {
        session,
        app,
        scene,
    }
    .render(area, &mut buf);
    buf
}

/// The bytes that turn the terminal showing `before` (`None`: anything) into `after`: the
/// cells that changed, with their colours, as ANSI sequences.
#[must_use]
pub fn ansi(before: Option<&Buffer>, after: &Buffer) -> Vec<u8> {
    let mut out = Vec::new();
    let blank;
    let before = match before {
        Some(b) if b.area == after.area => b,
        _ => {
            // Home, clear, hide the cursor; then every cell that is not blank.
            out.extend_from_slice(b"\x1b[H\x1b[2J\x1b[?25l");
            blank = Buffer::empty(after.area);
            &blank
        }
    };
    let diff = before.diff(after);
    if diff.is_empty() {
        return out;
    }
    {
        let mut backend = CrosstermBackend::new(&mut out);
        // Writing into memory cannot fail.
        let _ = backend.draw(diff.into_iter());
        let _ = Backend::flush(&mut backend);
    }
    out
}

/// The terminal's size as drawn: at least 1x1, at most [`MAX_WIDTH`] x [`MAX_HEIGHT`].
#[must_use]
pub fn clamp_size(width: u32, height: u32) -> (u16, u16) {
    let w = u16::try_from(width.clamp(1, u32::from(MAX_WIDTH))).unwrap_or(MAX_WIDTH);
    let h = u16::try_from(height.clamp(1, u32::from(MAX_HEIGHT))).unwrap_or(MAX_HEIGHT);
    (w, h)
}

impl Room {
    /// The room of `game`, its computer players `bots`; every seat is away until it joins.
    #[must_use]
    pub fn new(game: Game, bots: Bots, theme: Theme) -> Room {
        let mut session = Session::new(&game);
        session.bots = bots;
        session.away = session.humans(Table::new(&game)).into_iter().collect();
        let saved_len = game.history().len();
        Room {
            game,
            session,
            views: BTreeMap::new(),
            theme,
            keeper: None,
            saved_len,
            current: None,
        }
    }

    /// Autosaves after every change, beside `save_path` (`loaded_from`: the file that holds
    /// the game as it is now), as `play` does.
    pub fn autosave(&mut self, save_path: &Path, loaded_from: Option<&Path>) {
        self.session.save_path = save_path.to_path_buf();
        self.keeper = Some(Keeper::new(save_path, loaded_from));
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The session.
    #[must_use]
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The view state of connection `id`.
    #[must_use]
    pub fn app(&self, id: ConnId) -> Option<&App> {
        self.views.get(&id).map(|v| &v.app)
    }

    /// Whom connection `id` is for.
    #[must_use]
    pub fn who(&self, id: ConnId) -> Option<Who> {
        self.views.get(&id).map(|v| v.who)
    }

    /// The text of the frame last sent to connection `id`, a line a row.
    #[must_use]
    pub fn screen_text(&self, id: ConnId) -> Option<Vec<String>> {
        let buf = self.views.get(&id)?.sent.as_ref()?;
        Some(
            (0..buf.area.height)
                .map(|y| {
                    (0..buf.area.width)
                        .map(|x| buf[(x, y)].symbol().to_string())
                        .collect::<String>()
                })
                .collect(),
        )
    }

    fn mark(&self) -> Mark {
        (
            self.game.history().len(),
            self.session.logged(),
            self.session.holder,
            self.session.away.len(),
        )
    }

    /// Connection `id` joins as `who` on a terminal of `width` x `height`; `note` is said on
    /// its status line (the secret of an open seat taken).
    pub fn join(
        &mut self,
        id: ConnId,
        who: Who,
        (width, height): (u32, u32),
        note: Option<String>,
    ) {
        let (w, h) = clamp_size(width, height);
        let seating = match who {
            Who::Seat(seat) => Seating::Own(seat),
            Who::Spectator => Seating::Spectator,
        };
        let (mut app, asked) = App::seated(
            &self.session,
            Table::new(&self.game),
            self.theme,
            (w, h),
            seating,
        );
        for request in asked {
            self.session.grant(request);
        }
        if let Some(seat) = who.seat() {
            self.session.away.remove(&seat);
        }
        app.note(note.unwrap_or_else(|| match who {
            Who::Seat(_) => "welcome: you see your own seat's view; ? shows the keys".to_string(),
            Who::Spectator => "watching: the public view, no hand; q leaves".to_string(),
        }));
        app.settle(Table::new(&self.game), Msg::Resize(w, h));
        self.views.insert(
            id,
            View {
                who,
                app,
                sent: None,
                dirty: true,
                moments: VecDeque::new(),
            },
        );
        self.all_dirty();
    }

    /// Connection `id` is gone: its seat is away if it has no other.
    pub fn leave(&mut self, id: ConnId) {
        if let Some(view) = self.views.remove(&id)
            && let Some(seat) = view.who.seat()
            && !self.views.values().any(|v| v.who == view.who)
        {
            self.session.away.insert(seat);
        }
        self.all_dirty();
    }

    fn all_dirty(&mut self) {
        for view in self.views.values_mut() {
            view.dirty = true;
        }
    }

    /// The bytes `bytes` typed on connection `id`. Returns what to tell it when it left.
    pub fn input(&mut self, id: ConnId, bytes: &[u8]) -> Option<Out> {
        for msg in input::keys(bytes) {
            if let Some(out) = self.handle(id, msg) {
                return Some(out);
            }
        }
        None
    }

    /// A message from connection `id`'s terminal read as the client reads it (the host's own
    /// terminal: keys, clicks and the wheel, from crossterm). Returns what to tell it when it
    /// left.
    pub fn message(&mut self, id: ConnId, msg: Msg) -> Option<Out> {
        match msg {
            Msg::Resize(w, h) => {
                self.resize(id, u32::from(w), u32::from(h));
                None
            }
            msg => self.handle(id, msg),
        }
    }

    /// Says `text` on connection `id`'s status line (the host's own news, such as a seat that
    /// joined).
    pub fn tell(&mut self, id: ConnId, text: &str) {
        self.note(id, text);
    }

    /// Connection `id`'s terminal has a new size (clamped); its next frame is sent whole.
    pub fn resize(&mut self, id: ConnId, width: u32, height: u32) {
        let (w, h) = clamp_size(width, height);
        if let Some(view) = self.views.get_mut(&id) {
            view.sent = None;
        }
        self.handle(id, Msg::Resize(w, h));
    }

    /// The clock: `now` since the host started (the computer players' pauses run on it).
    pub fn tick(&mut self, now: Duration) {
        let ids: Vec<ConnId> = self.views.keys().copied().collect();
        for id in ids {
            self.handle(id, Msg::Tick(now));
        }
    }

    /// Handles one message of connection `id`: its view's update, and what it asks carried
    /// out. Returns what to tell it when it leaves.
    fn handle(&mut self, id: ConnId, msg: Msg) -> Option<Out> {
        let before = self.mark();
        let view = self.views.get_mut(&id)?;
        let who = view.who;
        // Its combat boxes are the session's while it is handled (see `View::moments`).
        self.session.moments.on_screen = std::mem::take(&mut view.moments);
        self.current = Some(id);
        let effects = view.app.update(&self.session, Table::new(&self.game), msg);
        if !matches!(msg, Msg::Tick(_)) {
            view.dirty = true;
        }
        let mut out = None;
        for effect in effects {
            match effect {
                // The save file is the host's: no remote player names it.
                Effect::None | Effect::Session(Request::SaveTo { .. }) => {}
                Effect::Session(request) => self.session.grant(request),
                Effect::Apply(action) => self.apply(Some(id), who, action),
                Effect::Undo => self.undo(id, who),
                Effect::BotMove => {
                    if let Some(Some(action)) = self.session.bot_move(Table::new(&self.game)) {
                        self.apply(None, who, action);
                    }
                }
                Effect::Save | Effect::SaveOver => {
                    self.note(id, "the host saves the game after every action");
                }
                Effect::Quit | Effect::QuitUnsaved => {
                    // After the last round there is nothing to come back to.
                    let bye = if self.game.is_over() {
                        "you left; the game is over and saved at the host"
                    } else {
                        "you left; the game goes on at the host: come back with the same secret"
                    };
                    out = Some(Out::Close(bye.to_string()));
                }
                Effect::Hint(seat) => self.hint(id, who, seat),
            }
        }
        if let Some(view) = self.views.get_mut(&id) {
            view.moments = std::mem::take(&mut self.session.moments.on_screen);
        }
        self.current = None;
        let ids: Vec<ConnId> = self.views.keys().copied().collect();
        let changed = self.mark() != before;
        for other in ids {
            if let Some(view) = self.views.get_mut(&other) {
                if other == id {
                    view.app.settle(Table::new(&self.game), msg);
                } else if changed {
                    view.app
                        .settle(Table::new(&self.game), Msg::Tick(view.app.clock));
                }
            }
        }
        if changed {
            self.all_dirty();
            self.keep();
        }
        out
    }

    fn note(&mut self, id: ConnId, text: &str) {
        if let Some(view) = self.views.get_mut(&id) {
            view.app.note(text);
            view.dirty = true;
        }
    }

    /// Applies `action` for the view `actor` (`None`: a computer player): only when `who`
    /// decides now (a computer player's move comes from any view's clock). Every view moves
    /// on: the actor's with its own words, the others as after any action.
    fn apply(&mut self, actor: Option<ConnId>, who: Who, action: Action) {
        let decider = self.game.decision().map(|d| d.seat);
        if actor.is_some() && (decider.is_none() || decider != who.seat()) {
            if let Some(id) = actor {
                self.note(id, "not your decision");
            }
            return;
        }
        let logged = self.session.logged();
        let faced = self.game.decision();
        let mine = std::mem::take(&mut self.session.moments.on_screen);
        let result = self.session.apply(&mut self.game, action);
        // A combat box the action brought goes on every terminal's screen.
        let fresh = std::mem::replace(&mut self.session.moments.on_screen, mine);
        for (id, view) in &mut self.views {
            if Some(*id) != self.current {
                view.moments.extend(fresh.iter().cloned());
            }
        }
        self.session.moments.on_screen.extend(fresh);
        match result {
            Ok(events) => {
                for (id, view) in &mut self.views {
                    let table = Table::new(&self.game);
                    let asked = if Some(*id) == actor {
                        view.app
                            .acted(&self.session, table, logged, faced, action, &events)
                    } else {
                        view.app.applied_in(&self.session, table, logged, action)
                    };
                    for request in asked {
                        self.session.grant(request);
                    }
                }
            }
            Err(why) => {
                if let Some(id) = actor {
                    self.note(id, &format!("not allowed: {why}"));
                }
            }
        }
    }

    /// Takes back the last action for connection `id`'s seat, when the engine allows it.
    fn undo(&mut self, id: ConnId, who: Who) {
        let Some(view) = self.views.get(&id) else {
            return;
        };
        let (asker, keyboard, lost) = view.app.undo_asker(&self.session);
        if asker.is_none() || asker != who.seat() {
            self.note(id, "only a seat's player takes back his own action");
            return;
        }
        match self.session.undo(&mut self.game, asker, keyboard, lost) {
            Ok(undone) => {
                // As at one keyboard, a take-back closes every combat box.
                for view in self.views.values_mut() {
                    view.moments.clear();
                }
                for (each, view) in &mut self.views {
                    let table = Table::new(&self.game);
                    let requests = if *each == id {
                        view.app.took_back(&self.session, table, undone.clone())
                    } else {
                        view.app
                            .taken_back_elsewhere(&self.session, table, undone.public.clone())
                    };
                    for request in requests {
                        self.session.grant(request);
                    }
                }
            }
            Err(why) => self.note(id, &why),
        }
    }

    /// The hint for connection `id`, when its seat decides now.
    fn hint(&mut self, id: ConnId, who: Who, seat: Seat) {
        let deciding = self.game.decision().map(|d| d.seat);
        let text = if who.seat() == Some(seat) && deciding == Some(seat) {
            crate::bot::hint::hint(&self.game).map(|h| h.to_string())
        } else {
            None
        };
        if let Some(view) = self.views.get_mut(&id) {
            match text {
                Some(text) => view.app.note(text),
                None => view.app.flash = None,
            }
        }
    }

    /// Autosaves when the history changed since the last autosave; a failure goes on every
    /// status line (the session's unsaved mark stays until a save works).
    fn keep(&mut self) {
        let Some(keeper) = &mut self.keeper else {
            return;
        };
        if self.game.history().len() == self.saved_len {
            return;
        }
        self.saved_len = self.game.history().len();
        let lines = keeper.changed(&self.game);
        self.session.unsaved = keeper.unsaved().map(String::from);
        for line in lines {
            for view in self.views.values_mut() {
                view.app.note(line.clone());
            }
        }
    }

    /// Saves the game for leaving: where it is, or why it is not.
    ///
    /// # Errors
    /// No file could hold it (why).
    pub fn save_for_leaving(&mut self) -> Result<String, String> {
        match &mut self.keeper {
            Some(keeper) => keeper
                .leave(&self.game)
                .map(|path| path.display().to_string()),
            None => Err("no save file was given".into()),
        }
    }

    /// The frames to send: each connection whose screen may have changed is drawn, and sent
    /// what changed since its last frame (nothing when nothing did).
    pub fn frames(&mut self) -> Vec<(ConnId, Vec<u8>)> {
        let mut out = Vec::new();
        for (id, view) in &mut self.views {
            if !view.dirty {
                continue;
            }
            view.dirty = false;
            self.session.moments.on_screen = std::mem::take(&mut view.moments);
            let buf = draw(&self.session, &view.app, &self.game, view.who);
            view.moments = std::mem::take(&mut self.session.moments.on_screen);
            let bytes = ansi(view.sent.as_ref(), &buf);
            view.sent = Some(buf);
            if !bytes.is_empty() {
                out.push((*id, bytes));
            }
        }
        out
    }

    /// The frame sent to connection `id` was lost (its client is slow): the next one goes whole.
    pub fn lost_frame(&mut self, id: ConnId) {
        if let Some(view) = self.views.get_mut(&id) {
            view.sent = None;
            view.dirty = true;
        }
    }

    /// Whether connection `id` is at the table.
    #[must_use]
    pub fn has(&self, id: ConnId) -> bool {
        self.views.contains_key(&id)
    }

    /// The connections at the table.
    #[must_use]
    pub fn connections(&self) -> Vec<ConnId> {
        self.views.keys().copied().collect()
    }

    /// The frame of connection `id` showing `scene` (its own combat boxes on it), as
    /// [`Room::frames`] draws it: for a test to draw the same view of another game.
    #[must_use]
    pub fn redraw(&self, id: ConnId, scene: &Scene<'_>) -> Option<Buffer> {
        let view = self.views.get(&id)?;
        let mut session = self.session.clone();
        session.moments.on_screen.clone_from(&view.moments);
        Some(draw_scene(&session, &view.app, scene))
    }

    /// How many combat boxes wait on connection `id`'s screen.
    #[must_use]
    pub fn boxes(&self, id: ConnId) -> usize {
        self.views.get(&id).map_or(0, |v| v.moments.len())
    }

    /// The size connection `id` is drawn at.
    #[must_use]
    pub fn size(&self, id: ConnId) -> Option<Rect> {
        self.views.get(&id).map(|v| v.app.size)
    }
}
