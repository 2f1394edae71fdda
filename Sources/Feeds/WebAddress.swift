import Basics

/// The one test of which addresses the news reader stores as an item's link and hands to a browser:
/// absolute http and https addresses, nothing else.
///
/// A feed is written by a stranger, and a browser (or `xdg-open`, which passes the address on to
/// whatever handles its scheme) does what an address says: `file:///…` shows local files,
/// `javascript:` and `data:` run in the browser, `smb://…` connects to another machine and leaks
/// credentials, and text starting with `-` (`--gpu-launcher=xcalc`) is read as an option by some
/// browsers. An address that starts with `http://` or `https://` names a web page, and since it starts
/// with a letter no program takes it for an option. Every other link stays visible as text (`news
/// show`), never opened.
public enum WebAddress {
    /// Whether `text` is an absolute http(s) address: the scheme in any case, `://`, a host (something
    /// before the first `/`, `?` or `#`), and no control character anywhere.
    public static func isWeb(_ text: String) -> Bool {
        guard !text.unicodeScalars.contains(where: \.isControlCharacter) else { return false }
        let lowered = text.prefix(8).lowercased()
        let schemeLength =
            lowered.hasPrefix("https://") ? 8 : lowered.hasPrefix("http://") ? 7 : nil
        guard let schemeLength, let first = text.dropFirst(schemeLength).first else { return false }
        return !["/", "?", "#", " "].contains(first)
    }
}
