# The shipped CSV examples and the roles of each (public/examples/README.md),
# for the scripts that run them: source it.
examples=(breast-cancer wine two-moons)
# The flags that read example $1.
example_args() {
  case $1 in
    breast-cancer) echo --csv public/examples/breast_cancer.csv --label-column labeled --truth-column malignant ;;
    wine) echo --csv public/examples/wine.csv --label-column label --truth-column cultivar_1 ;;
    two-moons) echo --csv public/examples/two_moons.csv --label-column labeled --labeled-value yes --truth-column class ;;
  esac
}
