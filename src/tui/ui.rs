//! The draw function: one frame from the client's state and the scene of the seat on screen.

use ratatui::Frame;
use ratatui::widgets::Clear;

use super::app::{App, Focus, Overlay, Screen};
use super::layout::{Regions, needed};
use super::panels::{Combat, Detail, Log, Players, Prompt, Status};
use super::scene::Scene;
use super::theme::Theme;
use super::{board, detail, endgame, screens};

/// Draws one frame.
pub fn draw(frame: &mut Frame<'_>, app: &App, scene: &Scene<'_>) {
    let theme = app.theme;
    let area = frame.area();
    frame.render_widget(Clear, area);
    let win = scene.window;
    let (min_w, min_h) = needed(win, scene.view.players.len());
    if area.width < min_w || area.height < min_h {
        screens::too_small(frame, (min_w, min_h), theme);
    } else {
        screen(frame, app, scene);
        super::guide::draw(frame, app, scene);
    }
    match &app.overlay {
        Overlay::None => {}
        Overlay::Help
        | Overlay::Cards
        | Overlay::Sheet(_)
        | Overlay::Log
        | Overlay::HowTo
        | Overlay::Rule
        | Overlay::Digest => {
            if let Some((title, lines)) = detail::overlay_content(app, scene) {
                let shown = detail::popup(frame, &title, &lines, app.overlay_scroll.get(), theme);
                app.overlay_scroll.set(shown);
            }
        }
        Overlay::ConfirmQuit => screens::confirm_quit(frame, app.session.unsaved.as_deref(), theme),
        Overlay::Confirm(asked) => screens::confirm_action(frame, &asked.question, theme),
        Overlay::NotSaved(box_) => screens::not_saved(frame, &box_.why, &box_.offer, theme),
        Overlay::SaveAs(box_) => screens::save_as(frame, &box_.input, theme),
        Overlay::ReplaceSave(replacing) => {
            screens::replace_save(frame, &replacing.lines(), theme);
        }
    }
}

/// The screen under the boxes.
fn screen(frame: &mut Frame<'_>, app: &App, scene: &Scene<'_>) {
    let theme = app.theme;
    let area = frame.area();
    match app.screen {
        Screen::Handoff(seat) => {
            // The public board (the scene of no seat) so the table can look while the
            // keyboard passes; no cursor, no selection, no area panel: nothing of the last seat.
            let r = Regions::compute(area, scene.window, scene.view.players.len(), 0);
            board::draw(frame.buffer_mut(), &r, scene, theme, None, None);
            frame.render_widget(players(scene, theme, r.player_lines), r.players);
            frame.render_widget(
                Log {
                    app,
                    bordered: !r.compact,
                },
                r.log,
            );
            frame.render_widget(Status { app }, r.status);
            let side = r.prompt.union(r.detail);
            let since: Vec<String> = app
                .session
                .since_turn(seat)
                .iter()
                .map(|l| l.text.clone())
                .collect();
            let text = screens::HandoffText {
                ready: app.handoff_ready(),
                since: &since,
                takeback: app.takeback_text(),
            };
            screens::handoff(frame, side, seat, scene, &text, theme);
            // The combat that just ended (or its cards turned) and the digest of a phase that
            // began since this seat's turn, over the board, for the whole table.
            super::combat_box::draw_handoff(
                frame,
                r.board,
                (
                    app.session.moments.handoff.as_ref(),
                    app.session.digest_for(seat).as_ref(),
                ),
                scene,
                theme,
            );
        }
        Screen::Play | Screen::GameOver | Screen::Bot(_) => {
            let r = scene.regions(area);
            let visible = app.visible(&scene.choices);
            let selected = if app.focus == Focus::Actions || app.filter {
                visible.get(app.selected).copied()
            } else {
                None
            };
            // The board and the area panel follow the selected choice to its place.
            let cursor = app.shown_cursor(scene);
            board::draw(frame.buffer_mut(), &r, scene, theme, Some(cursor), selected);
            frame.render_widget(players(scene, theme, r.player_lines), r.players);
            frame.render_widget(Prompt { app, scene }, r.prompt);
            let chosen = if app.focus == Focus::Actions || scene.view.combat.is_some() {
                visible.get(app.selected).copied()
            } else {
                None
            };
            let detail = Detail {
                app,
                at: cursor,
                scene,
                chosen,
            };
            if scene.view.combat.is_some() {
                let combat = Combat {
                    scene,
                    selected: chosen,
                    theme,
                };
                frame.render_widget(combat, r.combat);
                if r.compact {
                    frame.render_widget(detail, r.detail);
                } else {
                    let log = Log {
                        app,
                        bordered: true,
                    };
                    frame.render_widget(log, r.log_beside_combat());
                }
            } else {
                frame.render_widget(detail, r.detail);
                let log = Log {
                    app,
                    bordered: !r.compact,
                };
                frame.render_widget(log, r.log);
            }
            frame.render_widget(Status { app }, r.status);
            if let Screen::Bot(seat) = app.screen {
                screens::bot_turn(frame, r.prompt, seat, app, scene, theme);
            }
            if let Some(m) = app.session.moments.on_screen.front()
                && app.screen != Screen::GameOver
            {
                super::combat_box::draw_on_screen(frame, area, m, scene, theme);
            }
            if app.screen == Screen::GameOver {
                match &app.session.summary {
                    Some(summary) if app.summary_open => endgame::draw(frame, summary, theme),
                    Some(_) => {}
                    // A game that could not be summed up still names its winners.
                    None => screens::game_over(frame, scene, r.board, theme),
                }
            }
        }
    }
}

/// The players panel of `scene`, `per` lines a player.
fn players<'a>(scene: &'a Scene<'a>, theme: Theme, per: u16) -> Players<'a> {
    Players { scene, theme, per }
}
