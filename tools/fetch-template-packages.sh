#!/bin/sh
# Clones the public template packages of test/site/third-party-packages.ts, each
# at its pinned commit, into ../template-packages beside the checkout (or
# $TEMPLATE_PACKAGES_DIR): test/site/third-party-packages.test.ts reads them
# there and skips the ones that are absent. Needs network access to GitHub.
# Never copy them into the repository.
set -eu
cd "$(dirname "$0")/.."
dir="${TEMPLATE_PACKAGES_DIR:-../template-packages}"
mkdir -p "$dir"

fetch() { # fetch SOURCE COMMIT FOLDER
  if [ ! -d "$dir/$3/.git" ]; then git clone --quiet "$1" "$dir/$3"; fi
  git -C "$dir/$3" fetch --quiet origin
  git -C "$dir/$3" -c advice.detachedHead=false checkout --quiet "$2"
  echo "$dir/$3 at $2"
}

fetch https://github.com/CALeDNA/caledna-squarespace 4c137cc4636887729636720384b059c11c22a470 CALeDNA--caledna-squarespace
fetch https://github.com/phantomdullbooth/fort-york-squarespace-template d62c57fa8625c70a567cc326e002db60377f3631 phantomdullbooth--fort-york-squarespace-template
fetch https://github.com/JauntyJames/Fennekin 29bb5d296fd4828b8724199aae9991dda56efdfc JauntyJames--Fennekin
fetch https://github.com/Furlong2Furlong/squarewells 1149a2bae211de9074ffbcde0f47681cfb2ed66a Furlong2Furlong--squarewells
fetch https://github.com/Chair-8/jdavis 0f85d187511e967dcb2806de664b971ef2384847 Chair-8--jdavis
fetch https://github.com/BlindRenaissance/Pear-Cider 1e35328a0beba1a882ff906b23f82b1d918cc56f BlindRenaissance--Pear-Cider
