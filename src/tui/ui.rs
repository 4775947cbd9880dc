//! The draw function: one frame from the client's state and the scene of the seat on screen.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::Clear;

use super::app::{App, Focus, Overlay, Screen};
use super::layout::Regions;
use super::scene::Scene;
use super::{board, panels, screens};

/// Draws one frame.
pub fn draw(frame: &mut Frame<'_>, app: &App, scene: &Scene<'_>) {
    let theme = app.theme;
    let area = frame.area();
    frame.render_widget(Clear, area);
    let b = scene.board;
    let (min_w, min_h) = Regions::minimum(b.cols(), b.rows(), scene.view.players.len());
    if area.width < min_w || area.height < min_h {
        screens::too_small(frame, (min_w, min_h), theme);
    } else {
        screen(frame, app, scene);
    }
    match app.overlay {
        Overlay::None => {}
        Overlay::Help => screens::help(frame, theme),
        Overlay::ConfirmQuit => screens::confirm_quit(frame, theme),
        Overlay::SaveAs => screens::save_as(frame, &app.input, theme),
    }
}

/// The screen under the boxes.
fn screen(frame: &mut Frame<'_>, app: &App, scene: &Scene<'_>) {
    let theme = app.theme;
    let area = frame.area();
    match app.screen {
        Screen::Handoff(seat) => {
            screens::handoff(frame, seat, scene, theme);
            let area = frame.area();
            let status = Rect::new(
                area.x,
                area.bottom().saturating_sub(1),
                area.width,
                area.height.min(1),
            );
            panels::status(frame, status, app, theme);
        }
        Screen::Play | Screen::GameOver => {
            let b = scene.board;
            let r = Regions::compute(
                area,
                b.cols(),
                b.rows(),
                scene.view.players.len(),
                scene.choices.len(),
            );
            let visible = app.visible(&scene.choices);
            let selected = if app.focus == Focus::Actions || app.filter {
                visible.get(app.selected).map(|c| c.action)
            } else {
                None
            };
            board::draw(
                frame.buffer_mut(),
                &r,
                scene,
                theme,
                Some(app.cursor),
                selected,
            );
            panels::players(frame, r.players, scene, theme, r.roomy);
            panels::prompt(frame, r.prompt, app, scene, theme);
            if scene.view.combat.is_some() {
                // The combat takes the area panel and most of the log.
                let both = r.detail.union(r.log);
                let log_h = (both.height / 4).max(4).min(both.height);
                let top = Rect::new(both.x, both.y, both.width, both.height - log_h);
                let bottom = Rect::new(both.x, both.y + top.height, both.width, log_h);
                let (combat_r, log_r) = if r.detail.x == r.log.x {
                    (top, bottom)
                } else {
                    (r.detail, r.log)
                };
                let chosen = visible.get(app.selected).copied();
                panels::combat(frame, combat_r, scene, chosen, theme);
                panels::log(frame, log_r, app, theme);
            } else {
                let chosen = if app.focus == Focus::Actions {
                    visible.get(app.selected).copied()
                } else {
                    None
                };
                match chosen {
                    Some(c) if c.card.is_some() => panels::card(frame, r.detail, c, scene, theme),
                    _ => {
                        // The list shows the number, two spaces and the words inside the border.
                        let room = usize::from(r.prompt.width.saturating_sub(2));
                        let num_w = scene.choices.len().to_string().len();
                        let cut = chosen.filter(|c| num_w + 2 + c.words.chars().count() > room);
                        panels::detail(frame, r.detail, app, scene, cut, theme);
                    }
                }
                panels::log(frame, r.log, app, theme);
            }
            panels::status(frame, r.status, app, theme);
            if app.screen == Screen::GameOver {
                screens::game_over(frame, scene, r.board, theme);
            }
        }
    }
}
