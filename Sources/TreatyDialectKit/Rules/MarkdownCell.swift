internal import Foundation

/// Text made safe for one cell of a Markdown table: pipes escaped, line breaks as spaces.
func markdownCell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
}
