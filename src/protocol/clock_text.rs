//! The clock's words that UCI's and UCCI's `debug` lines share, so the two front-ends report a
//! search's limits alike (each wraps them in its own `info string` or `info message`).

use crate::controller::TimeLimits;
use std::time::Duration;

/// `N ms`, or `none` for no limit.
pub fn limit_text(limit: Option<Duration>) -> String {
    limit.map_or("none".into(), |limit| format!("{} ms", limit.as_millis()))
}

/// `time limits: soft S, hard H`: the limits a search planned at `go`.
pub fn time_limits_text(time: &TimeLimits) -> String {
    format!("time limits: soft {}, hard {}", limit_text(time.soft), limit_text(time.hard))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_read_in_milliseconds_or_none() {
        let time = TimeLimits { soft: Some(Duration::from_micros(1_500_900)), hard: None };
        assert_eq!(time_limits_text(&time), "time limits: soft 1500 ms, hard none");
    }
}
