//! The betting structure and the game's rounds (RULES.md §16.1, §16.3).

/// The default fixed-limit cap: a bet and three raises a round (TDA 45).
pub const DEFAULT_CAP: u32 = 4;

/// How large a bet or raise may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Structure {
    /// Bets of at least `min_bet`, raises by at least the round's largest
    /// bet or raise, no maximum but the stack (TDA 41A).
    NoLimit { min_bet: u64 },
    /// As no-limit, and at most the pot after the player's call (TDA 47).
    PotLimit { min_bet: u64 },
    /// One unit a bet or raise, a cap a round.
    FixedLimit(Limits),
}

/// The units and the cap of a fixed-limit game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The unit of the early rounds.
    pub small_bet: u64,
    /// The unit of the late rounds.
    pub big_bet: u64,
    /// Bets and raises a round (a bet and `cap - 1` raises).
    pub cap: u32,
    /// Whether the cap holds with two players left in the hand.
    pub cap_heads_up: bool,
}

impl Limits {
    /// `small_bet`/`big_bet` with the default cap, heads-up included.
    pub fn new(small_bet: u64, big_bet: u64) -> Limits {
        Limits {
            small_bet,
            big_bet,
            cap: DEFAULT_CAP,
            cap_heads_up: true,
        }
    }
}

/// The family of game, for the rounds and who acts first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    /// Hold'em, Omaha, short deck, Courchevel: preflop, flop, turn, river.
    Flop,
    /// Seven-card stud, third to seventh street; `low` for razz-like
    /// games (the highest up card brings in, king high, ace low).
    Stud { low: bool },
    /// One draw: a round before it and one after.
    SingleDraw,
    /// Three draws: four rounds.
    TripleDraw,
}

impl Game {
    /// How many betting rounds the game has.
    pub fn rounds(self) -> usize {
        match self {
            Game::Flop | Game::TripleDraw => 4,
            Game::Stud { .. } => 5,
            Game::SingleDraw => 2,
        }
    }

    /// Whether the game has a button (stud has none).
    pub fn has_button(self) -> bool {
        !matches!(self, Game::Stud { .. })
    }

    /// Whether round `round` (0 first) is one of the big-bet rounds.
    pub fn big_bet_round(self, round: usize) -> bool {
        match self {
            Game::Flop | Game::TripleDraw | Game::Stud { .. } => round >= 2,
            Game::SingleDraw => round >= 1,
        }
    }
}

impl Structure {
    /// The fixed-limit unit of round `round`, `None` in big-bet games.
    pub fn unit(&self, game: Game, round: usize) -> Option<u64> {
        match self {
            Structure::FixedLimit(l) if game.big_bet_round(round) => Some(l.big_bet),
            Structure::FixedLimit(l) => Some(l.small_bet),
            _ => None,
        }
    }

    /// The smallest opening bet of a big-bet game (`None`: fixed limit).
    pub fn min_bet(&self) -> Option<u64> {
        match self {
            Structure::NoLimit { min_bet } | Structure::PotLimit { min_bet } => Some(*min_bet),
            Structure::FixedLimit(_) => None,
        }
    }
}
