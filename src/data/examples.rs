//! The example CSV files the app offers to try, shipped in `public/examples/`.
//!
//! Each file marks a random share of its true positives as labeled (SCAR) and holds a
//! ground-truth column for evaluation. `scripts/make_examples.py` makes them;
//! `public/examples/README.md` describes their columns and credits their sources.

use crate::data::csv::CsvColumns;

/// The column choice that reads an example file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExampleColumns {
    /// Column marking labeled positives.
    pub labeled: &'static str,
    /// Value that marks a labeled row, or None when the column holds flags such as 1/0.
    pub labeled_value: Option<&'static str>,
    /// Ground-truth column (evaluation only).
    pub truth: &'static str,
}

/// One example CSV file and how to read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExampleCsv {
    /// File name in `public/examples/`.
    pub file: &'static str,
    /// Short name to show.
    pub title: &'static str,
    /// One sentence on what the data are and which rows are positive.
    pub description: &'static str,
    /// Which columns play which role; every other column is a numeric feature.
    pub columns: ExampleColumns,
}

impl ExampleCsv {
    /// The file's address relative to the app's root (`public/` is served as the root).
    pub fn url(&self) -> String {
        format!("examples/{}", self.file)
    }

    /// The column choice for [`crate::data::csv::read_csv`]: all other columns are features.
    pub fn columns(&self) -> CsvColumns {
        CsvColumns {
            labeled: self.columns.labeled.to_owned(),
            labeled_value: self.columns.labeled_value.map(str::to_owned),
            truth: Some(self.columns.truth.to_owned()),
            features: None,
            ..CsvColumns::default()
        }
    }
}

/// The example files, in the order to offer them.
pub const EXAMPLE_CSVS: &[ExampleCsv] = &[
    BREAST_CANCER,
    ExampleCsv {
        file: "wine.csv",
        title: "Wine cultivars",
        description: "178 Italian wines described by 13 chemical measurements, separated by \
                      semicolons; wines of the first cultivar are positive and 30% of them \
                      are labeled P.",
        columns: ExampleColumns {
            labeled: "label",
            labeled_value: None,
            truth: "cultivar_1",
        },
    },
    TWO_MOONS,
];

/// Breast cancer, the first example (a lesson opens it).
pub const BREAST_CANCER: ExampleCsv = ExampleCsv {
    file: "breast_cancer.csv",
    title: "Breast cancer (Wisconsin diagnostic)",
    description: "569 tumours described by 10 measurements of their cell nuclei; \
                  malignant ones are positive and 30% of them are labeled.",
    columns: ExampleColumns {
        labeled: "labeled",
        labeled_value: None,
        truth: "malignant",
    },
};

/// Two moons, the 2-D example (a lesson opens it).
pub const TWO_MOONS: ExampleCsv = ExampleCsv {
    file: "two_moons.csv",
    title: "Two moons",
    description: "600 synthetic points on two interleaved half circles; the upper moon \
                  is positive and 30% of its points are labeled \"yes\".",
    columns: ExampleColumns {
        labeled: "labeled",
        labeled_value: Some("yes"),
        truth: "class",
    },
};
