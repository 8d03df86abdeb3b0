//! Medians, ranges and latency percentiles.

use std::time::Duration;

/// The median and the range of a few measurements.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spread {
    pub median: f64,
    pub min: f64,
    pub max: f64,
    pub runs: usize,
}

impl Spread {
    /// `None` for no values.
    pub fn of(values: &[f64]) -> Option<Spread> {
        let mut v: Vec<f64> = values.iter().copied().filter(|x| x.is_finite()).collect();
        if v.is_empty() {
            return None;
        }
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        };
        Some(Spread {
            median,
            min: v[0],
            max: v[n - 1],
            runs: n,
        })
    }
}

/// Request latencies, in microseconds.
#[derive(Debug, Default, Clone)]
pub struct Latencies {
    micros: Vec<u32>,
    sorted: bool,
}

impl Latencies {
    pub fn push(&mut self, d: Duration) {
        self.micros
            .push(u32::try_from(d.as_micros()).unwrap_or(u32::MAX));
        self.sorted = false;
    }

    pub fn extend(&mut self, other: &Latencies) {
        self.micros.extend_from_slice(&other.micros);
        self.sorted = false;
    }

    pub fn len(&self) -> usize {
        self.micros.len()
    }

    pub fn is_empty(&self) -> bool {
        self.micros.is_empty()
    }

    /// The `p`-th percentile (nearest rank), `p` in 0..=100.
    pub fn percentile(&mut self, p: f64) -> Option<Duration> {
        if self.micros.is_empty() {
            return None;
        }
        if !self.sorted {
            self.micros.sort_unstable();
            self.sorted = true;
        }
        let n = self.micros.len();
        let rank = ((p / 100.0) * n as f64).ceil() as usize;
        let index = rank.clamp(1, n) - 1;
        Some(Duration::from_micros(u64::from(self.micros[index])))
    }
}

/// `1.19 ms`, `12.4 ms`, `240 µs`.
pub fn ms(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if ms < 1.0 {
        format!("{:.0} µs", ms * 1000.0)
    } else if ms < 10.0 {
        format!("{ms:.2} ms")
    } else if ms < 100.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{ms:.0} ms")
    }
}

/// `123,456`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A figure with two significant decimals below 10, one below 100, none above.
pub fn figure(x: f64) -> String {
    if x < 10.0 {
        format!("{x:.2}")
    } else if x < 100.0 {
        format!("{x:.1}")
    } else {
        thousands(x.round() as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_and_range() {
        let s = Spread::of(&[3.0, 1.0, 2.0]).unwrap();
        assert_eq!((s.median, s.min, s.max, s.runs), (2.0, 1.0, 3.0, 3));
        assert_eq!(Spread::of(&[1.0, 2.0, 3.0, 10.0]).unwrap().median, 2.5);
        assert_eq!(Spread::of(&[]), None);
    }

    #[test]
    fn percentiles_by_nearest_rank() {
        let mut l = Latencies::default();
        for us in 1..=100u64 {
            l.push(Duration::from_micros(us));
        }
        assert_eq!(l.percentile(50.0), Some(Duration::from_micros(50)));
        assert_eq!(l.percentile(99.0), Some(Duration::from_micros(99)));
        assert_eq!(l.percentile(100.0), Some(Duration::from_micros(100)));
        assert_eq!(Latencies::default().percentile(50.0), None);
    }

    #[test]
    fn numbers_read_well() {
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(thousands(999), "999");
        assert_eq!(ms(Duration::from_micros(1190)), "1.19 ms");
        assert_eq!(ms(Duration::from_micros(240)), "240 µs");
        assert_eq!(figure(23964.4), "23,964");
        assert_eq!(figure(27.53), "27.5");
    }
}
