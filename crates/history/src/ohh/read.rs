//! An OHH hand read into the core's betting steps (RULES.md §16.1): the
//! players by their place in `players`, every amount counted in the
//! hand's smallest decimal place, and for each step the pointer of the
//! action it came from, so a finding names the room's own action.

use crate::decimal::Decimal;
use crate::ohh::amount::Amount;
use crate::ohh::hand::{OhhAction, OhhHand};
use crate::ohh::OhhError;
use showdown_cards::Card;
use showdown_core::betting::{
    Act, Action, BettingHand, Dealt, Forced, Game, Seat, Step, Structure,
};
use std::fmt;

/// The finest decimal place a hand may be counted in.
pub const MAX_DECIMALS: u32 = 8;

/// The largest amount a settlement takes (2^53 − 1, as every route).
const MAX_UNITS: i128 = (1 << 53) - 1;

/// The hand as the betting rules and the settlement read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OhhRead {
    pub betting: BettingHand,
    /// For each step, the place of the action it came from.
    pub at: Vec<StepAt>,
    /// Amounts are whole numbers of `10^-scale`.
    pub scale: u32,
    /// Each player's hole cards, as dealt or shown (`None`: never seen).
    pub hole: Vec<Option<Vec<String>>>,
    /// Chips added to the pot by `Add to Pot`: by a player, and by nobody.
    pub added: Vec<u64>,
    pub added_by_house: u64,
}

/// Where a step came from: a round's cards or one of its actions. Kept
/// as places, since only a finding or a refusal needs the pointer's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepAt {
    Cards { round: usize },
    Action { round: usize, action: usize },
}

impl fmt::Display for StepAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepAt::Cards { round } => write!(f, "/rounds/{round}/cards"),
            StepAt::Action { round, action } => write!(f, "/rounds/{round}/actions/{action}"),
        }
    }
}

impl OhhRead {
    /// The pointer of the action `step` came from (empty past the steps).
    pub fn pointer(&self, step: usize) -> String {
        self.at.get(step).map(StepAt::to_string).unwrap_or_default()
    }
}

/// Where an amount stands in the hand, written out only for a refusal.
#[derive(Debug, Clone, Copy)]
enum AmountAt {
    Field(&'static str),
    Stack(usize),
    Bounty(usize),
    Action(StepAt),
    Pot(usize, &'static str),
    Win(usize, usize),
    BountyWon(usize),
}

impl fmt::Display for AmountAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AmountAt::Field(name) => write!(f, "/{name}"),
            AmountAt::Stack(i) => write!(f, "/players/{i}/starting_stack"),
            AmountAt::Bounty(i) => write!(f, "/players/{i}/player_bounty"),
            AmountAt::Action(at) => write!(f, "{at}/amount"),
            AmountAt::Pot(k, name) => write!(f, "/pots/{k}/{name}"),
            AmountAt::Win(k, w) => write!(f, "/pots/{k}/player_wins/{w}/win_amount"),
            AmountAt::BountyWon(b) => write!(f, "/tournament_bounties/{b}/bounty_won"),
        }
    }
}

/// Every chip amount of the hand with its place, to find its decimal
/// places (bounty money has its own: [`bounty_scale_of`]).
fn amounts(hand: &OhhHand) -> Vec<(AmountAt, Amount)> {
    let mut out = vec![
        (
            AmountAt::Field("small_blind_amount"),
            hand.small_blind_amount,
        ),
        (AmountAt::Field("big_blind_amount"), hand.big_blind_amount),
    ];
    out.extend(
        hand.ante_amount
            .map(|a| (AmountAt::Field("ante_amount"), a)),
    );
    for (i, p) in hand.players.iter().enumerate() {
        out.push((AmountAt::Stack(i), p.starting_stack));
    }
    for (round, r) in hand.rounds.iter().enumerate() {
        for (action, a) in r.actions.iter().enumerate() {
            let at = AmountAt::Action(StepAt::Action { round, action });
            out.extend(a.amount.map(|amount| (at, amount)));
        }
    }
    for (k, pot) in hand.pots.iter().flatten().enumerate() {
        out.push((AmountAt::Pot(k, "amount"), pot.amount));
        out.extend(pot.rake.map(|a| (AmountAt::Pot(k, "rake"), a)));
        out.extend(pot.jackpot.map(|a| (AmountAt::Pot(k, "jackpot"), a)));
        for (w, win) in pot.player_wins.iter().enumerate() {
            out.push((AmountAt::Win(k, w), win.win_amount));
        }
    }
    out
}

/// Every bounty amount of the hand with its place: bounty money, not
/// chips, counted in a smallest decimal place of its own.
fn bounty_amounts(hand: &OhhHand) -> Vec<(AmountAt, Amount)> {
    let mut out = Vec::new();
    for (i, p) in hand.players.iter().enumerate() {
        out.extend(p.player_bounty.map(|a| (AmountAt::Bounty(i), a)));
    }
    for (b, bounty) in hand.tournament_bounties.iter().flatten().enumerate() {
        out.push((AmountAt::BountyWon(b), bounty.bounty_won));
    }
    out
}

/// The smallest decimal place of the hand's bounty money (`player_bounty`,
/// `bounty_won`): the bounties of the settle request count it, and the
/// record writes `bounty_won` back in it.
pub fn bounty_scale_of(hand: &OhhHand) -> Result<u32, OhhError> {
    max_scale(bounty_amounts(hand))
}

/// The hand's smallest decimal place: the scale every amount is counted in.
pub fn scale_of(hand: &OhhHand) -> Result<u32, OhhError> {
    max_scale(amounts(hand))
}

/// The most decimal places of `amounts`, refused past [`MAX_DECIMALS`].
fn max_scale(amounts: Vec<(AmountAt, Amount)>) -> Result<u32, OhhError> {
    let mut scale = 0;
    for (at, amount) in amounts {
        if amount.0.scale > MAX_DECIMALS {
            return Err(OhhError::new(
                at.to_string(),
                format!("{} has more than {MAX_DECIMALS} decimal places", amount.0),
            ));
        }
        scale = scale.max(amount.0.scale);
    }
    Ok(scale)
}

/// `amount` in units of `10^-scale`, if it is one the settlement takes;
/// `at` is written out only when it is not.
pub fn units(amount: Decimal, scale: u32, at: impl fmt::Display) -> Result<u64, OhhError> {
    match amount.at_scale(scale) {
        Some(u) if (0..=MAX_UNITS).contains(&u) => Ok(u as u64),
        _ => Err(OhhError::new(
            at.to_string(),
            format!("{amount} is not an amount from 0 to 2^53 - 1 of the hand's smallest unit"),
        )),
    }
}

/// Each player's chips behind and in this round, to turn the chips an
/// action adds into the round total the rules read.
struct Chips {
    behind: Vec<u64>,
    round: Vec<u64>,
}

impl Chips {
    /// Adds `added` to `p`'s round: the total. More than the stack is
    /// passed on as written, for the rules to refuse at its step.
    fn add(&mut self, p: usize, added: u64) -> u64 {
        self.behind[p] = self.behind[p].saturating_sub(added);
        self.round[p] = self.round[p].saturating_add(added);
        self.round[p]
    }

    /// The chips go in, but not into the round's bet (antes, dead blinds).
    fn spend(&mut self, p: usize, added: u64) {
        self.behind[p] -= added.min(self.behind[p]);
    }

    fn bet(&self) -> u64 {
        self.round.iter().copied().max().unwrap_or(0)
    }
}

/// The reading in progress: the steps so far and where each came from.
struct Reader<'h> {
    hand: &'h OhhHand,
    scale: u32,
    chips: Chips,
    out: OhhRead,
}

/// How the hand is played, which OHH gives only in part.
#[derive(Debug, Clone, Copy)]
pub struct Play {
    /// `scale_of` the hand.
    pub scale: u32,
    pub game: Game,
    pub structure: Structure,
    pub chip_unit: u64,
}

/// Reads `hand` for the betting rules.
pub fn read(hand: &OhhHand, play: Play) -> Result<OhhRead, OhhError> {
    let Play {
        scale,
        game,
        structure,
        chip_unit,
    } = play;
    let n = hand.players.len();
    let mut seats = Vec::with_capacity(n);
    for (i, p) in hand.players.iter().enumerate() {
        seats.push(Seat {
            seat: p.seat,
            stack: units(p.starting_stack.0, scale, AmountAt::Stack(i))?,
            sitting_out: sits_out(hand, i),
        });
    }
    let mut reader = Reader {
        hand,
        scale,
        chips: Chips {
            behind: seats.iter().map(|s| s.stack).collect(),
            round: vec![0; n],
        },
        out: OhhRead {
            betting: BettingHand {
                seats,
                button: Some(hand.dealer_seat),
                game,
                structure,
                chip_unit,
                steps: Vec::new(),
                showing: None,
                bring_in: 0,
            },
            at: Vec::new(),
            scale,
            hole: vec![None; n],
            added: vec![0; n],
            added_by_house: 0,
        },
    };
    for (r, round) in hand.rounds.iter().enumerate() {
        reader.round(r)?;
        for (a, action) in round.actions.iter().enumerate() {
            let at = StepAt::Action {
                round: r,
                action: a,
            };
            reader.action(at, action)?;
        }
    }
    Ok(reader.out)
}

/// The actions that are outside the pot: not part of the hand's betting.
const OUTSIDE_THE_POT: [&str; 4] = ["Added Chips", "Sits Down", "Stands Up", "Player Adjustment"];

/// Whether player `i` sits the hand out: flagged `is_sitting_out` by the
/// room, and named by no action but those outside the pot (a flagged
/// player dealt cards, posting or acting is in the hand, whatever the
/// flag says).
fn sits_out(hand: &OhhHand, i: usize) -> bool {
    let p = &hand.players[i];
    p.is_sitting_out == Some(true)
        && !hand
            .rounds
            .iter()
            .flat_map(|r| &r.actions)
            .any(|a| a.player_id == Some(p.id) && !OUTSIDE_THE_POT.contains(&a.action.as_str()))
}

impl Reader<'_> {
    /// A round's board cards, dealt before its actions.
    fn round(&mut self, r: usize) -> Result<(), OhhError> {
        let round = &self.hand.rounds[r];
        if r > 0 {
            self.chips.round.iter_mut().for_each(|c| *c = 0);
        }
        let at = StepAt::Cards { round: r };
        let cards = board_cards(round.cards.as_ref(), at)?;
        if !cards.is_empty() {
            self.push(
                at,
                Step::Deal {
                    to: Dealt::Board,
                    cards,
                },
            );
        }
        Ok(())
    }

    fn push(&mut self, at: StepAt, step: Step) {
        self.out.betting.steps.push(step);
        self.out.at.push(at);
    }

    /// The player an action names, by their place in `players`.
    fn player(&self, at: StepAt, action: &OhhAction) -> Result<usize, OhhError> {
        let id = action.player_id.ok_or_else(|| {
            OhhError::new(format!("{at}/player_id"), "the action needs its player")
        })?;
        self.hand
            .players
            .iter()
            .position(|p| p.id == id)
            .ok_or_else(|| {
                OhhError::new(format!("{at}/player_id"), format!("no player has id {id}"))
            })
    }

    fn amount(&self, at: StepAt, action: &OhhAction) -> Result<u64, OhhError> {
        match action.amount {
            Some(a) => units(a.0, self.scale, AmountAt::Action(at)),
            None => Err(OhhError::new(
                format!("{at}/amount"),
                "the action needs its amount",
            )),
        }
    }

    /// One action as a step (or as what the settlement reads beside them).
    fn action(&mut self, at: StepAt, action: &OhhAction) -> Result<(), OhhError> {
        let kind = action.action.as_str();
        if OUTSIDE_THE_POT.contains(&kind) {
            return Ok(());
        }
        if kind == "Add to Pot" {
            let amount = self.amount(at, action)?;
            match action.player_id {
                Some(_) => {
                    let p = self.player(at, action)?;
                    self.chips.spend(p, amount);
                    self.out.added[p] = self.out.added[p].saturating_add(amount);
                }
                None => self.out.added_by_house = self.out.added_by_house.saturating_add(amount),
            }
            return Ok(());
        }
        let p = self.player(at, action)?;
        let cards = hole_cards(action, at)?;
        let act = match kind {
            "Dealt Cards" => {
                if let Some(c) = cards {
                    self.out.hole[p] = Some(c);
                }
                return Ok(());
            }
            "Shows Cards" => {
                if let Some(c) = cards {
                    self.out.hole[p] = Some(c);
                }
                Act::Show
            }
            "Mucks Cards" => Act::Muck,
            "Fold" => Act::Fold,
            "Check" => Act::Check,
            "Post SB" | "Post BB" | "Straddle" | "Post Extra Blind" | "Post Ante" | "Post Dead"
            | "Call" | "Bet" | "Raise" => self.chips_act(kind, p, at, action)?,
            other => {
                return Err(OhhError::new(
                    format!("{at}/action"),
                    format!("`{other}` is not an action of OHH 1.4.7"),
                ))
            }
        };
        let step = Step::Act(Action {
            player: p,
            act,
            all_in: action.is_allin.unwrap_or(false),
        });
        self.push(at, step);
        Ok(())
    }

    /// The size a blind posted to the round total `to` opens at (RULES.md
    /// §16.1, §16.3): a blind all in for less than the hand's
    /// `small_blind_amount` or `big_blind_amount` still opens at its full
    /// size, which the others call (the core takes only what the stack
    /// holds); a straddle counts as what it put in.
    fn nominal(&self, forced: Forced, to: u64, all_in: bool) -> Result<u64, OhhError> {
        let (blind, at) = match forced {
            Forced::SmallBlind => (self.hand.small_blind_amount, "small_blind_amount"),
            Forced::BigBlind => (self.hand.big_blind_amount, "big_blind_amount"),
            _ => return Ok(to),
        };
        if !all_in {
            return Ok(to);
        }
        Ok(to.max(units(blind.0, self.scale, AmountAt::Field(at))?))
    }

    /// An action that puts chips in: a forced post, a call, bet or raise,
    /// its amount turned into the round total the rules read.
    fn chips_act(
        &mut self,
        kind: &str,
        p: usize,
        at: StepAt,
        action: &OhhAction,
    ) -> Result<Act, OhhError> {
        let amount = self.amount(at, action)?;
        Ok(match kind {
            "Post SB" | "Post BB" | "Straddle" | "Post Extra Blind" => {
                let forced = match kind {
                    "Post SB" => Forced::SmallBlind,
                    "Straddle" => Forced::Straddle,
                    _ => Forced::BigBlind,
                };
                let all_in = amount >= self.chips.behind[p];
                let to = self.chips.add(p, amount);
                Act::Post {
                    forced,
                    amount: self.nominal(forced, to, all_in)?,
                    dead: false,
                }
            }
            "Post Ante" | "Post Dead" => {
                self.chips.spend(p, amount);
                Act::Post {
                    forced: if kind == "Post Ante" {
                        Forced::Ante
                    } else {
                        Forced::SmallBlind
                    },
                    amount,
                    dead: kind == "Post Dead",
                }
            }
            // A bet and a raise are one action, read by the situation.
            _ => {
                let opened = self.chips.bet() > 0;
                let to = self.chips.add(p, amount);
                match kind {
                    "Call" => Act::Call { to },
                    _ if opened => Act::Raise { to },
                    _ => Act::Bet { to },
                }
            }
        })
    }
}

/// A round's `cards`: an array of card strings (an empty string or null
/// is read as none, as some rooms write the first round).
fn board_cards(cards: Option<&serde_json::Value>, at: StepAt) -> Result<Vec<Card>, OhhError> {
    let list = match cards {
        None | Some(serde_json::Value::Null) => return Ok(Vec::new()),
        Some(serde_json::Value::String(s)) if s.is_empty() => return Ok(Vec::new()),
        Some(serde_json::Value::Array(list)) => list,
        Some(_) => {
            return Err(OhhError::new(
                at.to_string(),
                "the cards must be an array of cards",
            ))
        }
    };
    let mut out = Vec::with_capacity(list.len());
    for (i, c) in list.iter().enumerate() {
        let card = c
            .as_str()
            .and_then(|s| s.parse::<Card>().ok())
            .ok_or_else(|| OhhError::new(format!("{at}/{i}"), "not a card (`Ah`, `Td`, `2c`)"))?;
        out.push(card);
    }
    Ok(out)
}

/// An action's cards, when it names them all (`??` or an unknown card is
/// a card not seen).
fn hole_cards(action: &OhhAction, at: StepAt) -> Result<Option<Vec<String>>, OhhError> {
    let Some(cards) = &action.cards else {
        return Ok(None);
    };
    if cards.is_empty()
        || cards
            .iter()
            .any(|c| c.contains('?') || c.eq_ignore_ascii_case("x"))
    {
        return Ok(None);
    }
    for (i, c) in cards.iter().enumerate() {
        if c.parse::<Card>().is_err() {
            return Err(OhhError::new(
                format!("{at}/cards/{i}"),
                "not a card (`Ah`, `Td`, `2c`)",
            ));
        }
    }
    Ok(Some(cards.clone()))
}
