// `--plot FILE.svg` and `arap odds compare` (issue 17): a distribution drawn as an SVG chart —
// bars for "exactly k", a line for "at least k" — with several series overlaid.
#pragma once

#include <string>
#include <vector>

namespace arap::app {

struct PlotSeries {
  std::string label;
  std::vector<double> exactly;  // P(k), k = 0, 1, 2 ...
  bool line_only = false;       // only the "at least k" line (a curve such as P(reach) by range)
};

struct PlotText {
  std::string title;
  std::string subtitle;  // one line under the title (e.g. the means)
  std::string x_label;   // what k counts
};

// The whole SVG document.
std::string distribution_svg(const PlotText& text, const std::vector<PlotSeries>& series);

// Writes `svg` to `path` whole or not at all (a temporary file renamed over it), so an existing
// chart is never left half-written; throws with the path when it cannot.
void write_file_atomically(const std::string& path, const std::string& content);

}  // namespace arap::app
