//! The streets of a PHH stud or draw hand as the betting rules read them
//! (RULES.md §16.1, §16.2): when a new betting round starts, each stud
//! player's cards by their place as dealt (two down, four up, one down),
//! and the hand showing on the up cards that decides who opens each later
//! street.

use showdown_cards::{stud_bring_in_value, stud_showing_value, Card, VariantId};
use showdown_core::betting::{Dealt, Game, Step};

/// The places of a stud player's up cards: the third to the sixth dealt.
const UP: std::ops::Range<usize> = 2..6;

/// What the reading keeps of the deals and the draws, player by player.
#[derive(Debug, Clone)]
pub(crate) struct Streets {
    game: Game,
    /// Stud: every card dealt to each player, in order (`None`: `??`).
    cards: Vec<Vec<Option<Card>>>,
    /// The betting round the reading is in, 0 first.
    pub round: usize,
    /// A betting action since the round began (a draw then starts the next).
    betting: bool,
}

impl Streets {
    pub fn new(game: Game, players: usize) -> Streets {
        Streets {
            game,
            cards: vec![Vec::new(); players],
            round: 0,
            betting: false,
        }
    }

    /// The game the streets are of.
    pub fn game(&self) -> Game {
        self.game
    }

    /// A betting action was read.
    pub fn bet(&mut self) {
        self.betting = true;
    }

    /// A draw (`sd`): the first after a round's betting starts the next
    /// round; true when it does.
    pub fn draw(&mut self) -> bool {
        let starts = self.betting;
        if starts {
            self.round += 1;
            self.betting = false;
        }
        starts
    }

    /// Cards dealt to player `p` (`text`, `??` for a card not seen): in
    /// stud the deal steps, down and up by their place, and whether the
    /// deal starts a new street; in flop and draw games no step (hole
    /// cards are not judged).
    pub fn deal(&mut self, p: usize, text: &str) -> (Vec<Step>, bool) {
        if !matches!(self.game, Game::Stud { .. }) {
            return (Vec::new(), false);
        }
        let (mut down, mut up) = (Vec::new(), Vec::new());
        for i in 0..text.len() / 2 {
            let card = text.get(2 * i..2 * i + 2).and_then(|c| c.parse().ok());
            if let Some(c) = card {
                if UP.contains(&self.cards[p].len()) {
                    up.push(c);
                } else {
                    down.push(c);
                }
            }
            self.cards[p].push(card);
        }
        // Third street is the first three cards: each card after opens
        // the next street.
        let street = self.cards[p].len().saturating_sub(3);
        let starts = street > self.round;
        if starts {
            self.round = street;
            self.betting = false;
        }
        let mut steps = Vec::new();
        for (to, cards) in [(Dealt::Down(p), down), (Dealt::Up(p), up)] {
            if !cards.is_empty() {
                steps.push(Step::Deal { to, cards });
            }
        }
        (steps, starts)
    }

    /// Stud: for each round and each player, the hand showing on the up
    /// cards dealt by then (greater opens the street, §16.2); third
    /// street's row is who brings in, by the door card (0: not seen).
    /// `None` in other games.
    pub fn showing(&self, variant: VariantId) -> Option<Vec<Vec<u64>>> {
        if !matches!(self.game, Game::Stud { .. }) {
            return None;
        }
        let rows = (0..self.game.rounds()).map(|round| {
            self.cards
                .iter()
                .map(|cards| {
                    if round == 0 {
                        return match cards.get(UP.start).copied().flatten() {
                            Some(door) => stud_bring_in_value(variant, door),
                            None => 0,
                        };
                    }
                    let end = (round + 3).min(UP.end).min(cards.len());
                    let up: Vec<Card> = cards
                        .get(UP.start..end)
                        .unwrap_or_default()
                        .iter()
                        .flatten()
                        .copied()
                        .collect();
                    stud_showing_value(variant, &up)
                })
                .collect()
        });
        Some(rows.collect())
    }
}
