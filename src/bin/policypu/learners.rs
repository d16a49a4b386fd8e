//! `policypu learners`: the learner table as the CLI knows it, for a reader
//! (what each learner does, needs and how it trains) or, with `--json`, for a
//! program (the browser tests compare the page's lists with it).

use policypu::config::{LEARNERS, LearnerSpec, PriorNeed, RunConfig};
use policypu::saved_model::Member;

/// What `spec` needs besides PU data, in words.
fn needs(spec: &LearnerSpec) -> String {
    if !spec.candidates.is_empty() {
        let own = RunConfig::default().model;
        let listed: Vec<String> = spec
            .candidates
            .iter()
            .map(|c| {
                let member = Member {
                    learner: c.learner,
                    model: c.model.unwrap_or(own),
                };
                member.label(own)
            })
            .collect();
        return format!("trains its candidates: {}", listed.join(", "));
    }
    let prior = match spec.prior {
        PriorNeed::None => None,
        PriorNeed::TrueOrGiven => Some("the true class prior (or --prior)".to_string()),
        PriorNeed::Estimated(method) => {
            Some(format!("a class prior, estimated by {}", method.name()))
        }
    };
    let needs: Vec<String> = spec
        .policy
        .then(|| "a policy network".to_string())
        .into_iter()
        .chain(prior)
        .chain(spec.truth.then(|| "the true labels".to_string()))
        .collect();
    if needs.is_empty() {
        "nothing more".into()
    } else {
        needs.join("; ")
    }
}

/// Its stages with the default settings, e.g. "cross-validate 50, train 20".
fn stages(spec: &LearnerSpec) -> String {
    if !spec.candidates.is_empty() {
        return "each candidate's, one after another".into();
    }
    let stages: Vec<String> = (spec.stages)(&RunConfig::default())
        .iter()
        .filter(|s| s.epochs > 0)
        .map(|s| format!("{} {}", s.stage.label(), s.epochs))
        .collect();
    stages.join(", ")
}

/// How it keeps an epoch by default, e.g. "L-vs-U AUC".
fn checkpoint(spec: &LearnerSpec) -> &'static str {
    if spec.candidates.is_empty() {
        spec.checkpoint.label()
    } else {
        "each candidate by its own"
    }
}

/// Print every learner: a table, or one JSON object a line.
pub fn learners(json: bool) -> Result<(), String> {
    if !json {
        println!(
            "| key | name | also accepted | needs | stages (epochs, default settings) | keeps its epoch by | what it does |"
        );
        println!("|---|---|---|---|---|---|---|");
    }
    for spec in &LEARNERS {
        if json {
            let line = serde_json::json!({
                "key": spec.key,
                "name": spec.name,
                "about": spec.about,
                "aliases": spec.aliases,
                "policy": spec.policy,
                "uses_prior": spec.prior != PriorNeed::None,
                "truth": spec.truth,
                "auto": !spec.candidates.is_empty(),
                "candidates": spec.candidates.len(),
                "checkpoint": spec.checkpoint,
            });
            println!("{line}");
        } else {
            println!(
                "| {} | {} | {} | {} | {} | {} | {} |",
                spec.key,
                spec.name,
                spec.aliases.join(", "),
                needs(spec),
                stages(spec),
                checkpoint(spec),
                spec.about
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use policypu::config::Learner;

    #[test]
    fn needs_and_stages_read_the_spec() {
        assert_eq!(needs(Learner::BiasedPu.spec()), "nothing more");
        assert_eq!(checkpoint(Learner::Vpu.spec()), "variational loss");
        assert_eq!(checkpoint(Learner::BiasedPu.spec()), "L-vs-U AUC");
        assert_eq!(
            needs(Learner::Km2NnPu.spec()),
            "a class prior, estimated by KM2"
        );
        assert_eq!(needs(Learner::OraclePn.spec()), "the true labels");
        assert_eq!(
            stages(Learner::RankPruning.spec()),
            "cross-validate 50, train 20"
        );
        assert_eq!(
            stages(Learner::Weighter.spec()),
            "pre-train classifier 10, pre-train policy 10, train 20"
        );
        let auto = needs(Learner::Auto.spec());
        assert!(
            auto.starts_with(
                "trains its candidates: policyPU_weighter, policyPU_separator, KM2+nnPU"
            ) && auto.contains("KM2+nnPU (linear)"),
            "{auto}"
        );
    }
}
