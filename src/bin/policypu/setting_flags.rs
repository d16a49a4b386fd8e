//! One command-line flag per numeric setting of
//! [`policypu::config::settings`]: the flag's name, help text, bounds and
//! parsing all come from that table, so the CLI cannot disagree with the
//! form or with `RunConfig::validate`.

use clap::{Arg, ArgMatches, Args, Command, FromArgMatches};
use policypu::config::RunConfig;
use policypu::config::settings::{NumberSetting, SETTINGS};

/// The numeric settings given on the command line, in table order.
#[derive(Clone, Debug, Default)]
pub struct SettingFlags {
    /// Each given setting and its value, already within bounds.
    pub given: Vec<(&'static NumberSetting, f64)>,
}

impl SettingFlags {
    /// Writes every given value into `config`.
    pub fn apply(&self, config: &mut RunConfig) {
        for (setting, value) in &self.given {
            setting.set(config, Some(*value));
        }
    }

    /// The value given for `setting`, if any.
    pub fn value(&self, setting: &NumberSetting) -> Option<f64> {
        self.given
            .iter()
            .find(|(s, _)| s.path == setting.path)
            .map(|(_, v)| *v)
    }
}

impl FromArgMatches for SettingFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut flags = SettingFlags::default();
        flags.update_from_arg_matches(matches)?;
        Ok(flags)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for setting in SETTINGS {
            if let Some(value) = matches.get_one::<f64>(setting.path) {
                self.given.retain(|(s, _)| s.path != setting.path);
                self.given.push((setting, *value));
            }
        }
        Ok(())
    }
}

impl Args for SettingFlags {
    fn augment_args(command: Command) -> Command {
        SETTINGS.iter().fold(command, |command, setting| {
            let setting: &'static NumberSetting = setting;
            command.arg(
                Arg::new(setting.path)
                    .long(setting.flag)
                    .aliases(setting.former_flag)
                    .value_name(if setting.whole { "N" } else { "X" })
                    // So that "-1" gets the setting's bounds, not "unexpected argument".
                    .allow_negative_numbers(true)
                    .help(setting.help())
                    .value_parser(move |text: &str| setting.parse_given(text)),
            )
        })
    }

    fn augment_args_for_update(command: Command) -> Command {
        Self::augment_args(command)
    }
}
