//! The built-in image subsets and their binary PU tasks.

use serde::{Deserialize, Serialize};

use super::{Dataset, FeatureShape};
use crate::keyed::Keyed;

/// An image subset shipped in `public/data/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BuiltinDataset {
    /// MNIST digits, 1×28×28.
    Mnist,
    /// Fashion-MNIST clothing, 1×28×28.
    FashionMnist,
    /// CIFAR-10 photos, 3×32×32.
    Cifar10,
}

impl Keyed for BuiltinDataset {
    const ALL: &'static [Self] = &[Self::Mnist, Self::FashionMnist, Self::Cifar10];
    const WHAT: &'static str = "dataset";

    /// The key of `--dataset` and of JSON: `fashion-mnist`.
    fn key(self) -> &'static str {
        match self {
            Self::Mnist => "mnist",
            Self::FashionMnist => "fashion-mnist",
            Self::Cifar10 => "cifar10",
        }
    }
}

impl BuiltinDataset {
    /// How many classes each dataset has, with ids 0 to `CLASSES - 1`.
    pub const CLASSES: usize = 10;

    /// The file stem under `public/data/`: `{stem}_train.pubin.gz`, `{stem}_test.pubin.gz`.
    pub fn file_stem(self) -> &'static str {
        match self {
            Self::Mnist => "mnist",
            Self::FashionMnist => "fashion_mnist",
            Self::Cifar10 => "cifar10",
        }
    }

    /// The shape of one image.
    pub fn shape(self) -> FeatureShape {
        let (channels, side) = match self {
            Self::Mnist | Self::FashionMnist => (1, 28),
            Self::Cifar10 => (3, 32),
        };
        FeatureShape::Image {
            channels,
            height: side,
            width: side,
        }
    }

    /// Refuses a `part` file ("training" or "test") of this dataset whose
    /// images are not its shape: another dataset's file, or a damaged one.
    pub fn check_file(self, part: &str, file: &Dataset) -> Result<(), String> {
        if file.shape == self.shape() {
            return Ok(());
        }
        Err(format!(
            "the {part} file of {title} holds {found} images where {title}'s are {expected}: \
             it is another dataset's file, or damaged",
            title = self.title(),
            found = file.shape,
            expected = self.shape(),
        ))
    }

    /// Name shown to people.
    pub fn title(self) -> &'static str {
        match self {
            Self::Mnist => "MNIST",
            Self::FashionMnist => "Fashion-MNIST",
            Self::Cifar10 => "CIFAR-10",
        }
    }

    /// Names of the ten classes, by id.
    pub fn class_names(self) -> [&'static str; Self::CLASSES] {
        match self {
            Self::Mnist => ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
            Self::FashionMnist => [
                "T-shirt/top",
                "Trouser",
                "Pullover",
                "Dress",
                "Coat",
                "Sandal",
                "Shirt",
                "Sneaker",
                "Bag",
                "Ankle boot",
            ],
            Self::Cifar10 => [
                "airplane",
                "automobile",
                "bird",
                "cat",
                "deer",
                "dog",
                "frog",
                "horse",
                "ship",
                "truck",
            ],
        }
    }

    /// The positive classes of the standard task.
    ///
    /// - MNIST: even digits vs odd (the paper, after Kiryo et al. 2017).
    /// - CIFAR-10: vehicles (airplane, automobile, ship, truck) vs animals (the paper).
    /// - Fashion-MNIST: garments for the upper body (T-shirt/top, pullover,
    ///   dress, coat, shirt) vs trousers, footwear and bags. Five classes a
    ///   side, so the classes are balanced as in the MNIST task, and the
    ///   negatives hold one look-alike (trousers) so it is not trivial.
    pub fn default_positive_classes(self) -> Vec<u8> {
        match self {
            Self::Mnist => vec![0, 2, 4, 6, 8],
            Self::FashionMnist => vec![0, 2, 3, 4, 6],
            Self::Cifar10 => vec![0, 1, 8, 9],
        }
    }

    /// One line describing the standard task.
    pub fn task_description(self) -> &'static str {
        match self {
            Self::Mnist => "even digits (positive) vs odd digits",
            Self::FashionMnist => "tops, dresses and coats (positive) vs trousers, shoes and bags",
            Self::Cifar10 => "vehicles (positive) vs animals",
        }
    }

    /// The task that the `positive` class ids set, in a sentence: the
    /// standard task by its description, any other by its classes' names.
    pub fn describe_choice(self, positive: &[u8]) -> String {
        let mut positive = positive.to_vec();
        positive.sort_unstable();
        positive.dedup();
        if positive == self.default_positive_classes() {
            return format!("Standard task: {}.", self.task_description());
        }
        let names = self.class_names();
        let chosen: Vec<&str> = positive
            .iter()
            .filter_map(|&c| names.get(usize::from(c)).copied())
            .collect();
        if chosen.is_empty() {
            return format!(
                "No class ticked. Standard task: {}.",
                self.task_description()
            );
        }
        format!(
            "Your task: {} (positive) vs the other classes. Standard task: {}.",
            chosen.join(", "),
            self.task_description()
        )
    }
}

impl std::str::FromStr for BuiltinDataset {
    type Err = String;
    /// A key, or the names `fmnist` and `cifar-10` also in use.
    fn from_str(s: &str) -> Result<Self, String> {
        match crate::keyed::as_key(s).as_str() {
            "fmnist" => Ok(Self::FashionMnist),
            "cifar-10" => Ok(Self::Cifar10),
            _ => Self::parse_key(s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_class_hint_names_the_ticked_classes() {
        assert_eq!(
            BuiltinDataset::Mnist.describe_choice(&[0, 2, 4, 6, 8]),
            "Standard task: even digits (positive) vs odd digits."
        );
        assert_eq!(
            BuiltinDataset::Mnist.describe_choice(&[3, 1]),
            "Your task: 1, 3 (positive) vs the other classes. Standard task: even digits \
             (positive) vs odd digits."
        );
        assert_eq!(
            BuiltinDataset::Cifar10.describe_choice(&[3]),
            "Your task: cat (positive) vs the other classes. Standard task: vehicles (positive) \
             vs animals."
        );
        assert!(
            BuiltinDataset::Mnist
                .describe_choice(&[])
                .starts_with("No class ticked.")
        );
    }

    #[test]
    fn a_file_of_another_datasets_shape_is_refused() {
        let file = |shape| Dataset {
            shape,
            features: Vec::new(),
            classes: Vec::new(),
            n_classes: BuiltinDataset::CLASSES,
        };
        let cifar = file(BuiltinDataset::Cifar10.shape());
        assert_eq!(BuiltinDataset::Cifar10.check_file("test", &cifar), Ok(()));
        assert_eq!(
            BuiltinDataset::Mnist.check_file("test", &cifar),
            Err(format!(
                "the test file of MNIST holds {} images where MNIST's are {}: it is another \
                 dataset's file, or damaged",
                BuiltinDataset::Cifar10.shape(),
                BuiltinDataset::Mnist.shape()
            ))
        );
    }

    #[test]
    fn tasks_are_the_papers() {
        assert_eq!(
            BuiltinDataset::Mnist.default_positive_classes(),
            vec![0, 2, 4, 6, 8]
        );
        assert_eq!(
            BuiltinDataset::Cifar10.default_positive_classes(),
            vec![0, 1, 8, 9]
        );
        assert_eq!(
            BuiltinDataset::FashionMnist
                .default_positive_classes()
                .len(),
            5
        );
        assert_eq!(
            "CIFAR-10".parse::<BuiltinDataset>(),
            Ok(BuiltinDataset::Cifar10)
        );
        assert!("svhn".parse::<BuiltinDataset>().is_err());
    }
}
