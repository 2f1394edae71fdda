/// Turns the HTML found in feeds into plain text that is safe to print on a terminal.
///
/// Feed summaries and titles are HTML of unknown quality written by strangers. The reader shows
/// them as text, so tags are dropped, `<script>`/`<style>` content is removed, entities are decoded,
/// block elements become line breaks and everything a terminal could interpret is removed.
public enum HTMLText {
    /// Plain text from an HTML fragment: tags stripped, `<br>`, `<p>`, `<li>`, `<div>` and headings
    /// turned into line breaks, white space collapsed, control characters and escape sequences removed,
    /// trimmed. A fragment without any markup keeps its own line breaks.
    public static func plainText(fromHTML html: String) -> String {
        reduce(html, singleLine: false)
    }

    /// The same reduction as `plainText(fromHTML:)` but on a single line, for titles and names.
    public static func singleLine(fromHTML html: String) -> String {
        reduce(html, singleLine: true)
    }

    /// Text that is not HTML (an Atom `type="text"` element, an attribute), made safe and tidy:
    /// control characters and escape sequences removed, white space collapsed, trimmed.
    public static func plainText(fromText text: String, singleLine: Bool = false) -> String {
        var accumulator = TextAccumulator(singleLine: singleLine)
        for scalar in TerminalSafety.clean(scalars: Array(text.unicodeScalars)) {
            if scalar == "\n" {
                accumulator.lineBreak()
            } else {
                accumulator.append(scalar)
            }
        }
        return accumulator.text
    }

    /// Removes only what a terminal would act on (escape sequences, control characters other than
    /// line feed and tab, bidirectional overrides), leaving the text otherwise untouched. Use it for
    /// any string from outside that is printed as it is, such as a URL.
    public static func terminalSafe(_ text: String) -> String {
        TerminalSafety.clean(text)
    }

    private static func reduce(_ html: String, singleLine: Bool) -> String {
        let input = TerminalSafety.clean(scalars: Array(html.unicodeScalars))
        var reducer = HTMLReducer(input: input, singleLine: singleLine)
        return reducer.run()
    }
}
