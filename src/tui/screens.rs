//! Whole screens and boxes over the screen: the hand-off box over the public board, the keys, the
//! quit question and the winners.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget, Wrap};

use super::keys::{TABLE, seat_key};
pub use super::layout::centered;
use super::scene::Scene;
use super::theme::Theme;
use crate::engine::state::phase::EndReason;
use crate::engine::{Faction, Seat};

fn boxed(buf: &mut Buffer, area: Rect, title: &str, lines: Vec<Line<'static>>, theme: Theme) {
    Widget::render(Clear, area, buf);
    let block = Block::bordered()
        .border_type(BorderType::Double)
        .border_style(theme.focused())
        .title(Line::from(Span::styled(format!(" {title} "), theme.title())).centered());
    Widget::render(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(block),
        area,
        buf,
    );
}

/// How many events "since your turn" the hand-off lists (the log has the rest).
const SINCE_SHOWN: usize = 8;

/// What the hand-off box says beside whose turn it is.
#[derive(Debug, Clone, Copy)]
pub struct HandoffText<'a> {
    /// Whether the hand-off's pause has run out (the key that takes the keyboard is offered).
    pub ready: bool,
    /// The public events since that seat's last turn.
    pub since: &'a [String],
    /// The last player's action he may still take back, in public words.
    pub takeback: Option<&'a str>,
}

/// The hand-off box, drawn in `side` over the public board (or over the whole screen it is
/// rendered in, when the newest event would not fit there): whose turn it is and the key that
/// takes the keyboard (offered only once the hand-off's pause has run out); the last player's
/// action he may still take back with `u`; the public events since that seat's last turn.
#[derive(Debug, Clone, Copy)]
pub struct Handoff<'a> {
    /// Where the box goes when the newest event fits there.
    pub side: Rect,
    /// The seat the keyboard goes to.
    pub seat: Seat,
    /// The public scene.
    pub scene: &'a Scene<'a>,
    /// What the box says beside whose turn it is.
    pub text: HandoffText<'a>,
    /// Colours.
    pub theme: Theme,
}

impl Widget for Handoff<'_> {
    fn render(self, screen: Rect, buf: &mut Buffer) {
        let Handoff {
            side: area,
            seat,
            scene,
            text,
            theme,
        } = self;
        let (ready, since) = (text.ready, text.since);
        let faction = scene.faction(seat);
        let name = scene.who(seat);
        let style = faction.map_or(theme.title(), |f| theme.faction_bold(f));
        let mut lines = vec![
            Line::from(Span::styled(
                format!("Round {} · {}", scene.view.round, scene.phase),
                theme.dim(),
            ))
            .centered(),
            Line::from(""),
            Line::from("Pass the keyboard to").centered(),
            Line::from(vec![
                Span::styled(
                    format!("{} {}", faction.map_or('?', Faction::letter), name),
                    style,
                ),
                Span::raw(format!(" ({seat})")),
            ])
            .centered(),
            Line::from(""),
            if ready {
                Line::from(vec![
                    Span::raw("then press "),
                    Span::styled("Space", theme.key()),
                    Span::raw(" or "),
                    Span::styled(seat_key(seat).to_string(), theme.key()),
                    Span::raw(" (not Enter)"),
                ])
            } else {
                // The pause: keys are ignored, so none is offered yet.
                Line::from(Span::styled("one moment…", theme.dim()))
            }
            .centered(),
        ];
        if let Some(done) = text.takeback {
            // For the player leaving: his last action, and that he may still take it back.
            lines.push(Line::from(""));
            lines.push(Line::from(done.to_string()).centered());
            lines.push(
                Line::from(vec![
                    Span::styled("u", theme.key()),
                    Span::raw(" takes it back, until the keyboard is taken"),
                ])
                .centered(),
            );
        }
        // The newest event is shown whole: when the area is too short for it, the box takes the
        // screen's height and width (over the public board, the status line left free).
        let text_of =
            |l: &Line<'_>| -> String { l.spans.iter().map(|s| s.content.as_ref()).collect() };
        let too_short = |a: Rect| {
            let w = usize::from(a.width.clamp(56, 76).min(a.width).saturating_sub(2)).max(1);
            let rows: usize = lines
                .iter()
                .map(|l| super::layout::wrap(&text_of(l), w).len())
                .sum();
            let newest = since
                .last()
                .map_or(0, |t| super::layout::wrap(t, w.saturating_sub(2)).len());
            rows + 3 + newest > usize::from(a.height.saturating_sub(2))
        };
        let area = if !since.is_empty() && too_short(area) {
            Rect {
                height: screen.height.saturating_sub(1),
                ..screen
            }
        } else {
            area
        };
        let width = area.width.clamp(56, 76).min(area.width);
        let inner_w = usize::from(width.saturating_sub(2)).max(1);
        // Rows the lines take once wrapped at word boundaries inside the box.
        let rows_of = |l: &Line<'_>| {
            let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
            super::layout::wrap(&text, inner_w).len()
        };
        // What happened since this seat last held the keyboard (public events only): the newest
        // that fit, each wrapped whole at word boundaries, never cut.
        if !since.is_empty() {
            let room = usize::from(area.height.saturating_sub(2));
            let used: usize = lines.iter().map(rows_of).sum::<usize>() + 3;
            let mut entries: Vec<Line<'static>> = Vec::new();
            let mut shown = 0;
            for text in since.iter().rev().take(SINCE_SHOWN) {
                let wrapped: Vec<Line<'static>> =
                    super::layout::wrap(text, inner_w.saturating_sub(2))
                        .into_iter()
                        .enumerate()
                        .map(|(i, l)| {
                            Line::from(format!("{}{l}", if i == 0 { "• " } else { "  " }))
                                .left_aligned()
                        })
                        .collect();
                if shown > 0 && used + entries.len() + wrapped.len() > room {
                    break;
                }
                entries.splice(0..0, wrapped);
                shown += 1;
            }
            lines.push(Line::from(""));
            lines.push(Line::from(Span::styled("Since your turn", theme.title())).centered());
            if since.len() > shown {
                lines.push(
                    Line::from(Span::styled(
                        format!("({} earlier in the log)", since.len() - shown),
                        theme.dim(),
                    ))
                    .left_aligned(),
                );
            }
            lines.extend(entries);
        }
        let rows: usize = lines.iter().map(rows_of).sum();
        let height = u16::try_from(rows).unwrap_or(10).saturating_add(4);
        let r = centered(area, width, height.max(10));
        Widget::render(Clear, r, buf);
        let block = Block::bordered()
            .border_type(BorderType::Double)
            .border_style(style)
            .title(Line::from(Span::styled(" Hand-off ", theme.title())).centered());
        let inner = block.inner(r);
        Widget::render(block, r, buf);
        let top = inner.y
            + inner
                .height
                .saturating_sub(u16::try_from(rows).unwrap_or(6))
                / 2;
        let body = Rect::new(
            inner.x,
            top,
            inner.width,
            inner.bottom().saturating_sub(top),
        );
        Widget::render(
            Paragraph::new(lines)
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: false }),
            body,
            buf,
        );
    }
}

/// The keys, as the help overlay lists them (it wraps and scrolls them): the rows of the key
/// table ([`super::keys::TABLE`]), then the signs on the board.
#[must_use]
pub fn help_lines(theme: Theme) -> Vec<Line<'static>> {
    let k = |key: &str, what: &str| {
        Line::from(vec![
            Span::styled(format!("  {key:<16}"), theme.key()),
            Span::raw(what.to_string()),
        ])
    };
    let mut lines = Vec::new();
    for group in TABLE {
        lines.push(Line::from(Span::styled(group.title, theme.title())));
        lines.extend(group.rows.iter().map(|r| k(r.label, r.does)));
    }
    lines.extend([
        Line::from(Span::styled("Signs", theme.title())),
        k(
            "[U C O:Adv]",
            "order stack, bottom first; you see your own top order",
        ),
        k("≈", "a warp storm on that tile edge"),
        k(
            "cap 3 mat 2 ▲✚",
            "a world's capacity, materiel (c3 m2 in a narrow cell), assets: ▲ forge ◆ cache ✚ reinforcement $ prosperity",
        ),
        k("m14 L1", "a player's materiel and command level"),
        k("✸ ▣ ✪", "dice faces: offence, defence, morale"),
        k("◎0/2", "objective tokens collected of those needed"),
        k("U 3SM 1Sc↓", "units by owner letter: ↓ marks routed units"),
        k("◎C", "an objective token of that faction"),
        k("★ ▶", "first player; the player deciding"),
        Line::from(""),
        Line::from(Span::styled(
            "Units: Sc scout, Cr strike cruiser, SM space marine, LR land raider, BB battle barge, WT warlord titan; \
             Cu cultist, ID iconoclast destroyer, CM chaos space marine, He helbrute, GC grand cruiser, RT reaver titan; \
             Bz boyz, AS attack ship, Nb nob, BW battlewagon, KK kill kroozer, Ga gargant; \
             AW aspect warrior, HF hellebore frigate, WG wraithguard, Fa falcon, VS void stalker, BT battle titan.",
            theme.dim(),
        )),
        Line::from(""),
        Line::from(Span::styled(
            "↑ ↓ PgUp PgDn scroll this help; any other key closes it.",
            theme.dim(),
        )),
    ]);
    lines
}

/// Rulings shown in the help at most; the rest are named by count (`herakon rulings` has all).
const HELP_RULINGS: usize = 4;

/// The rulings (`assets/rulings.json`) that bear on the decision at hand, for the top of the
/// help: how the engine reads the rules where they are unclear. Empty when none does.
#[must_use]
pub fn rulings_lines(scene: &Scene<'_>, theme: Theme) -> Vec<Line<'static>> {
    let Some(d) = scene.decision else {
        return Vec::new();
    };
    // Rulings the engine's code follows come before those of single cards and tiles.
    let mut found = scene.data.rulings_for(d.kind);
    found.sort_by_key(|r| !scene.data.ruling_users(&r.id).is_empty());
    if found.is_empty() {
        return Vec::new();
    }
    let mut lines = vec![Line::from(Span::styled(
        "Rulings for this decision (`herakon rulings` prints them all)",
        theme.title(),
    ))];
    for r in found.iter().take(HELP_RULINGS) {
        lines.push(Line::from(vec![
            Span::styled(format!("  {}: ", r.about), theme.key()),
            Span::raw(r.reading.clone()),
        ]));
    }
    if found.len() > HELP_RULINGS {
        lines.push(Line::from(Span::styled(
            format!("  … and {} more", found.len() - HELP_RULINGS),
            theme.dim(),
        )));
    }
    lines.push(Line::from(""));
    lines
}

/// "Really quit?", centred on the area it is rendered in.
#[derive(Debug, Clone, Copy)]
pub struct ConfirmQuit<'a> {
    /// Why the game is not saved (the last autosave failed), if it is not.
    pub unsaved: Option<&'a str>,
    /// The view is one seat's (or a spectator's) at a hosted game: leaving it leaves the
    /// table, and the game goes on at the host.
    pub hosted: bool,
    /// Colours.
    pub theme: Theme,
}

impl Widget for ConfirmQuit<'_> {
    fn render(self, screen: Rect, buf: &mut Buffer) {
        let ConfirmQuit {
            unsaved,
            hosted,
            theme,
        } = self;
        let (question, yes, title) = if hosted {
            (
                "Leave the table? The game goes on at the host.",
                "leave",
                "Leave",
            )
        } else if unsaved.is_some() {
            (
                "Quit? The last autosave FAILED: you will be asked what to do.",
                "quit",
                "Quit",
            )
        } else {
            ("Quit the game? It is autosaved first.", "quit", "Quit")
        };
        let lines = vec![
            Line::from(""),
            Line::from(question).centered(),
            Line::from(""),
            yes_or_no(yes, "go on playing", theme),
        ];
        let area = centered(screen, 66, 7);
        boxed(buf, area, title, lines, theme);
    }
}

/// The answer line of a yes-or-no box: `y` does `yes`, any other key does `no`.
fn yes_or_no(yes: &'static str, no: &'static str, theme: Theme) -> Line<'static> {
    Line::from(vec![
        Span::styled("y", theme.key()),
        Span::raw(" "),
        Span::raw(yes),
        Span::raw("   "),
        Span::styled("any other key", theme.key()),
        Span::raw(" "),
        Span::raw(no),
    ])
    .centered()
}

/// "Really do this?" before an action whose slip is costly and final: the question, then
/// `y` does it and any other key does not; centred on the area it is rendered in.
#[derive(Debug, Clone, Copy)]
pub struct ConfirmAction<'a> {
    /// The question.
    pub question: &'a str,
    /// Colours.
    pub theme: Theme,
}

impl Widget for ConfirmAction<'_> {
    fn render(self, screen: Rect, buf: &mut Buffer) {
        let ConfirmAction { question, theme } = self;
        let lines = vec![
            Line::from(""),
            Line::from(question.to_string()).centered(),
            Line::from(""),
            yes_or_no("yes, do it", "no", theme),
        ];
        let area = centered(screen, 72, 9);
        boxed(buf, area, "Are you sure?", lines, theme);
    }
}

/// "Replace a later point of this game?": the file, the rounds and actions in it and in the
/// game in hand, and the keys; centred on the area it is rendered in.
#[derive(Debug, Clone, Copy)]
pub struct ReplaceSave<'a> {
    /// What the file holds, the file, and what the game in hand holds.
    pub lines: &'a [String; 3],
    /// Colours.
    pub theme: Theme,
}

impl Widget for ReplaceSave<'_> {
    fn render(self, screen: Rect, buf: &mut Buffer) {
        let ReplaceSave { lines, theme } = self;
        let [holds, file, now] = lines;
        let lines = vec![
            Line::from(""),
            Line::from(holds.clone()).centered(),
            Line::from(Span::styled(file.clone(), theme.warn())).centered(),
            Line::from(now.clone()).centered(),
            Line::from(""),
            yes_or_no("replace it", "keep it (not saved)", theme),
        ];
        let area = centered(screen, 76, 10);
        boxed(buf, area, "Replace the save?", lines, theme);
    }
}

/// "The game is not saved": why, and the choices (in words, not only keys); centred on the
/// area it is rendered in.
#[derive(Debug, Clone, Copy)]
pub struct NotSaved<'a> {
    /// Why the game could not be saved.
    pub why: &'a str,
    /// The other file name offered.
    pub offer: &'a str,
    /// Colours.
    pub theme: Theme,
}

impl Widget for NotSaved<'_> {
    fn render(self, screen: Rect, buf: &mut Buffer) {
        let NotSaved { why, offer, theme } = self;
        let lines = vec![
            Line::from(""),
            Line::from(Span::styled("The game could NOT be saved:", theme.warn())).centered(),
            Line::from(why.to_string()).centered(),
            Line::from(""),
            Line::from(vec![
                Span::styled("a", theme.key()),
                Span::raw(format!(
                    " save it under another name (offered: {offer}), then quit"
                )),
            ]),
            Line::from(vec![
                Span::styled("d", theme.key()),
                Span::raw(" quit WITHOUT saving: this game is lost"),
            ]),
            Line::from(vec![
                Span::styled("any other key", theme.key()),
                Span::raw(" go back to the game"),
            ]),
        ];
        let area = centered(screen, 90, 10);
        boxed(buf, area, "Not saved", lines, theme);
    }
}

/// The winners, centred over the final board (the area it is rendered in).
#[derive(Debug, Clone, Copy)]
pub struct GameOver<'a> {
    /// The final scene.
    pub scene: &'a Scene<'a>,
    /// Colours.
    pub theme: Theme,
}

impl Widget for GameOver<'_> {
    fn render(self, board: Rect, buf: &mut Buffer) {
        let GameOver { scene, theme } = self;
        let Some((winners, reason)) = &scene.over else {
            return;
        };
        let why = match reason {
            EndReason::Objectives => "a player collected all the objective tokens needed",
            EndReason::Elimination => "only one player is left",
            EndReason::RoundLimit => "the last round is over",
        };
        let mut lines = vec![
            Line::from(Span::styled(
                format!("The game is over: {why}."),
                theme.text(),
            ))
            .centered(),
        ];
        lines.push(Line::from(""));
        for s in winners {
            let f = scene.faction(*s);
            let name = scene.who(*s);
            let style = f.map_or(theme.title(), |f| theme.faction_bold(f));
            lines
                .push(Line::from(vec![Span::styled(format!("★ {name} wins ★"), style)]).centered());
        }
        lines.push(Line::from(""));
        for p in &scene.view.players {
            lines.push(
                Line::from(vec![
                    Span::styled(scene.who(p.seat), theme.faction(p.faction)),
                    Span::raw(format!(": {} objective token(s)", p.objectives)),
                ])
                .centered(),
            );
        }
        lines.push(Line::from(""));
        lines.push(
            Line::from(Span::styled(
                "q quits · arrows inspect the board",
                theme.dim(),
            ))
            .centered(),
        );
        let h = u16::try_from(lines.len()).unwrap_or(12) + 2;
        let area = centered(board, 60, h);
        boxed(buf, area, "Game over", lines, theme);
    }
}

/// The save box: the file name being typed, centred on the area it is rendered in.
#[derive(Debug, Clone, Copy)]
pub struct SaveAs<'a> {
    /// The name typed so far.
    pub typed: &'a str,
    /// Colours.
    pub theme: Theme,
}

impl Widget for SaveAs<'_> {
    fn render(self, screen: Rect, buf: &mut Buffer) {
        let SaveAs { typed, theme } = self;
        let lines = vec![
            Line::from(""),
            Line::from(vec![
                Span::raw(" File: "),
                Span::styled(format!("{typed}▏"), theme.text()),
            ]),
            Line::from(""),
            Line::from(vec![
                Span::styled("Enter", theme.key()),
                Span::raw(" save   "),
                Span::styled("Esc", theme.key()),
                Span::raw(" cancel   a bare name goes under saves/"),
            ])
            .centered(),
        ];
        let w = u16::try_from(typed.chars().count() + 12)
            .unwrap_or(u16::MAX)
            .clamp(60, 100);
        let area = centered(screen, w, 6);
        boxed(buf, area, "Save as", lines, theme);
    }
}

/// The screen is too small for the layout: says so instead of drawing it broken.
#[derive(Debug, Clone, Copy)]
pub struct TooSmall {
    /// The size the layout needs (width, height).
    pub need: (u16, u16),
    /// Colours.
    pub theme: Theme,
}

impl Widget for TooSmall {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let TooSmall {
            need: (w, h),
            theme,
        } = self;
        let text = format!(
            "terminal too small: need {w}x{h}, have {}x{}",
            area.width, area.height
        );
        let lines = vec![
            Line::from(Span::styled(text, theme.warn())),
            Line::from(Span::styled("enlarge the window", theme.dim())),
        ];
        let top = area.y + area.height.saturating_sub(2) / 2;
        let body = Rect::new(area.x, top, area.width, area.bottom().saturating_sub(top));
        Widget::render(
            Paragraph::new(lines)
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: false }),
            body,
            buf,
        );
    }
}

/// The head both turn boxes ([`BotTurn`], [`WatchTurn`]) open with: a blank line, the
/// player's name centred in the faction's style, what the player is doing, a blank line. Also
/// the style the box's border takes.
fn turn_head(
    scene: &Scene<'_>,
    seat: Seat,
    doing: Line<'static>,
    theme: Theme,
) -> (ratatui::style::Style, Vec<Line<'static>>) {
    let style = scene
        .faction(seat)
        .map_or(theme.title(), |f| theme.faction_bold(f));
    let lines = vec![
        Line::from(""),
        Line::from(Span::styled(scene.who(seat), style)).centered(),
        doing.centered(),
        Line::from(""),
    ];
    (style, lines)
}

/// The take-back on offer at the foot of a turn box, with its key: nothing when there is none.
fn takeback_lines(takeback: Option<&str>, theme: Theme) -> Vec<Line<'static>> {
    let Some(done) = takeback else {
        return Vec::new();
    };
    vec![
        Line::from(done.to_string()).centered(),
        Line::from(vec![
            Span::styled("u", theme.key()),
            Span::raw(": take it back"),
        ])
        .centered(),
    ]
}

/// A computer player's turn, drawn over the decision panel (the area it is rendered in): who
/// is moving and that any key makes it move at once.
#[derive(Debug, Clone, Copy)]
pub struct BotTurn<'a> {
    /// The computer player's seat.
    pub seat: Seat,
    /// Which computer player it is (its kind's name).
    pub kind: &'a str,
    /// How long it has been thinking past its pause, while its move is due and not decided
    /// yet.
    pub thinking: Option<std::time::Duration>,
    /// The take-back on offer, in words fit for this screen.
    pub takeback: Option<&'a str>,
    /// Colours.
    pub theme: Theme,
    /// The scene on screen.
    pub scene: &'a Scene<'a>,
}

impl Widget for BotTurn<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let BotTurn {
            seat,
            kind,
            thinking,
            takeback,
            theme,
            scene,
        } = self;
        let doing = Line::from(format!("is moving ({kind} computer player)"));
        let (style, mut lines) = turn_head(scene, seat, doing, theme);
        match thinking {
            // Its pause is over and a search is still under way: the time shows it is alive.
            Some(time) => lines.push(
                Line::from(format!(
                    "thinking… {}.{} s",
                    time.as_secs(),
                    time.subsec_millis() / 100
                ))
                .centered(),
            ),
            None => lines.push(
                Line::from(vec![
                    Span::styled("any key", theme.key()),
                    Span::raw(": move now"),
                ])
                .centered(),
            ),
        }
        lines.extend(takeback_lines(takeback, theme));
        let height = u16::try_from(lines.len()).unwrap_or(8).saturating_add(3);
        let r = centered(area, 48, height);
        Widget::render(Clear, r, buf);
        let block = Block::bordered()
            .border_style(style)
            .title(Line::from(Span::styled(" Computer ", theme.title())).centered());
        Widget::render(Paragraph::new(lines).block(block), r, buf);
    }
}

/// Another person's turn on a seat's own terminal (`herakon host`), over the decision panel:
/// who decides and what, as the seat on screen may read it.
#[derive(Debug, Clone, Copy)]
pub struct WatchTurn<'a> {
    /// The seat deciding.
    pub seat: Seat,
    /// What it decides, in the deciding seat's words, from this seat's view
    /// ([`Scene::decision_words`]: the combat card or scheme whose ability is asked is face up).
    pub decision: Option<&'a str>,
    /// The take-back on offer to this seat, in its own words.
    pub takeback: Option<&'a str>,
    /// The deciding seat's person has no terminal connected.
    pub away: bool,
    /// Colours.
    pub theme: Theme,
    /// The scene on screen.
    pub scene: &'a Scene<'a>,
}

impl Widget for WatchTurn<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let WatchTurn {
            seat,
            decision,
            takeback,
            away,
            theme,
            scene,
        } = self;
        let doing = decision.map_or_else(
            || "is deciding".to_string(),
            |words| {
                // The hint in brackets (`done when finished`) is for the one deciding.
                let words = words.split(" (").next().unwrap_or_default();
                format!(
                    "is about to {}",
                    crate::engine::rules::wording::third_person(words, "an opponent")
                )
            },
        );
        let (style, mut lines) = turn_head(scene, seat, Line::from(doing), theme);
        if away {
            lines.push(Line::from(Span::styled("away: not connected", theme.warn())).centered());
        }
        lines.extend(takeback_lines(takeback, theme));
        // One more row: the decision's words may take two.
        let height = u16::try_from(lines.len()).unwrap_or(8).saturating_add(4);
        let r = centered(area, 48, height);
        Widget::render(Clear, r, buf);
        let block = Block::bordered()
            .border_style(style)
            .title(Line::from(Span::styled(" Their turn ", theme.title())).centered());
        Widget::render(
            Paragraph::new(lines).wrap(Wrap { trim: true }).block(block),
            r,
            buf,
        );
    }
}
