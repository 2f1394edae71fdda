import Checksum
import Testing

/// Test vectors from FIPS 180-4's examples (csrc.nist.gov "SHA256.pdf") and NIST's byte-oriented
/// test vectors: the padding edge cases are a message that fills 55, 56 and 64 bytes of a block.
@Suite("SHA-256")
struct SHA256Tests {
    @Test(
        "known digests",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            // UTF-8 bytes are hashed, as `printf "héllo wörld 🎬" | sha256sum` does.
            ("héllo wörld 🎬", "0e8ceea08dd131b8b34614d3571395da7e308e390beff719607cc1231c906b25"),
        ])
    func knownDigests(text: String, digest: String) {
        #expect(SHA256.hexDigest(of: text) == digest)
    }

    @Test("messages around the block boundary (55, 56, 63, 64, 65 bytes) and a million bytes")
    func blockBoundaries() {
        // Digests from the sha256sum command (GNU coreutils) for the same strings of "a"; the last is
        // FIPS 180-4's long example.
        let expected = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
            65: "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0",
            1_000_000: "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
        ]
        for (count, digest) in expected {
            #expect(SHA256.hexDigest(of: String(repeating: "a", count: count)) == digest, "\(count) bytes")
        }
    }
}
