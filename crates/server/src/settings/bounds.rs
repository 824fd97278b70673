//! The bounds a setting must lie within, each with its flag, its variable
//! and why: a value outside them stops the start rather than run with a
//! value that means nothing or is silently changed.

use super::defaults::{MAX_CONNECTIONS_CEILING, MIN_HEADER_BYTES};

/// A setting refused at start-up: the service stops with this message
/// rather than run with a value that means nothing or is silently changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum SettingError {
    #[error("{flag} (or {var}) is {given}, below its least value {min}: {why}")]
    BelowMin {
        flag: &'static str,
        var: &'static str,
        given: u64,
        min: u64,
        why: &'static str,
    },
    #[error("{flag} (or {var}) is {given}, above its largest value {max}: {why}")]
    AboveMax {
        flag: &'static str,
        var: &'static str,
        given: u64,
        max: u64,
        why: &'static str,
    },
}

/// One setting's name and bounds, so every check says the same things.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bound {
    pub flag: &'static str,
    pub var: &'static str,
    pub min: u64,
    pub max: u64,
    /// Why the bounds are what they are, for the message.
    pub why: &'static str,
}

impl Bound {
    /// `given` when it lies within the bounds, else the error naming them.
    pub(crate) fn check<T: TryInto<u64> + Copy>(&self, given: T) -> Result<T, SettingError> {
        let v = given.try_into().unwrap_or(u64::MAX);
        if v < self.min {
            return Err(SettingError::BelowMin {
                flag: self.flag,
                var: self.var,
                given: v,
                min: self.min,
                why: self.why,
            });
        }
        if v > self.max {
            return Err(SettingError::AboveMax {
                flag: self.flag,
                var: self.var,
                given: v,
                max: self.max,
                why: self.why,
            });
        }
        Ok(given)
    }
}

/// A day in milliseconds: the longest duration a setting takes (a deadline
/// past what a clock can hold would panic when it is computed).
pub(crate) const DAY_MS: u64 = 24 * 3600 * 1000;

/// Bounds of a duration in milliseconds; `min` 0 means "none" is allowed.
pub(crate) const fn ms_bound(flag: &'static str, var: &'static str, min: u64) -> Bound {
    Bound {
        flag,
        var,
        min,
        max: DAY_MS,
        why: "a duration runs from 1 ms (0 where it means none) to a day",
    }
}

/// `--body-limit`.
pub(crate) const BODY_LIMIT: Bound = Bound {
    flag: "--body-limit",
    var: "SHOWDOWN_BODY_LIMIT",
    min: 1,
    max: u64::MAX,
    why: "0 would refuse every body with 413",
};
/// `--body-budget`: at least the largest body a route takes (`min` is set
/// from `--body-limit` and the 1 MiB of the settle, tables, prizes and deals
/// routes), else that body could never be read.
pub const fn body_budget(largest_body: u64) -> Bound {
    Bound {
        flag: "--body-budget",
        var: "SHOWDOWN_BODY_BUDGET",
        min: largest_body,
        max: u32::MAX as u64,
        why: "it must hold the largest body a route takes (--body-limit, and 1 MiB on settle, tables, prizes and deals); a body's bytes are one acquisition of at most 4 GiB",
    }
}
/// `--answer-limit`: at least 64 KiB (the answer of any small request);
/// at most three quarters of `--body-budget`, the share large answers may
/// hold, else an answer under the limit could never be held (a 503 that
/// no retry would end).
pub const fn answer_limit(body_budget: u64) -> Bound {
    Bound {
        flag: "--answer-limit",
        var: "SHOWDOWN_ANSWER_LIMIT",
        min: 64 * 1024,
        max: body_budget / 4 * 3,
        why: "an answer of a small request must pass, and an answer under the limit must fit in the three quarters of --body-budget that large bodies and answers may hold",
    }
}
/// `--concurrency-limit`.
pub(crate) const CONCURRENCY: Bound = Bound {
    flag: "--concurrency-limit",
    var: "SHOWDOWN_CONCURRENCY_LIMIT",
    min: 1,
    // tokio's semaphore holds at most this many permits.
    max: (usize::MAX >> 3) as u64,
    why: "0 would refuse every API request with 503",
};
/// `--max-header-bytes`.
pub(crate) const MAX_HEADER: Bound = Bound {
    flag: "--max-header-bytes",
    var: "SHOWDOWN_MAX_HEADER_BYTES",
    min: MIN_HEADER_BYTES as u64,
    max: u64::MAX,
    why: "hyper reads a request head into a buffer of at least 8192 bytes",
};
/// `--send-buffer-bytes`.
pub(crate) const SEND_BUFFER: Bound = Bound {
    flag: "--send-buffer-bytes",
    var: "SHOWDOWN_SEND_BUFFER_BYTES",
    min: 4096,
    max: 4 * 1024 * 1024,
    why: "Linux sends from no less than 4 KiB and grows a buffer to 4 MiB at most",
};
/// `--max-connections`.
pub(crate) const MAX_CONNS: Bound = Bound {
    flag: "--max-connections",
    var: "SHOWDOWN_MAX_CONNECTIONS",
    min: 1,
    max: MAX_CONNECTIONS_CEILING as u64,
    why: "0 would shed every connection; far more would exhaust memory first",
};
/// `--equity-threads`.
pub(crate) const EQUITY_THREADS: Bound = Bound {
    flag: "--equity-threads",
    var: "SHOWDOWN_EQUITY_THREADS",
    min: 1,
    max: 256,
    why: "enumerations need a thread; more than 256 only adds switching",
};
/// `--equity-limit`.
pub(crate) const EQUITY_LIMIT: Bound = Bound {
    flag: "--equity-limit",
    var: "SHOWDOWN_EQUITY_LIMIT",
    min: 1,
    max: 1 << 20,
    why: "0 would refuse every enumeration with 503",
};
/// `--shutdown-grace-secs`.
pub(crate) const GRACE_SECS: Bound = Bound {
    flag: "--shutdown-grace-secs",
    var: "SHOWDOWN_SHUTDOWN_GRACE_SECS",
    min: 0,
    max: DAY_MS / 1000,
    why: "0 stops at once when the listener closes; at most a day",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_names_its_flag_variable_and_limit() {
        let b = Bound {
            flag: "--x",
            var: "X",
            min: 1,
            max: 10,
            why: "because",
        };
        assert_eq!(b.check(5usize), Ok(5));
        let low = b.check(0u64).unwrap_err().to_string();
        assert_eq!(low, "--x (or X) is 0, below its least value 1: because");
        assert!(b
            .check(11u64)
            .unwrap_err()
            .to_string()
            .contains("largest value 10"));
    }
}
