package io.eddy.runtime.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.security.SecureRandom;

/**
 * Constants and helpers of the authentication handshake that opens every connection (see
 * {@code docs/control-protocol.md}):
 *
 * <pre>
 *   server -> client   HELLO   magic "EDDY" | int serverVersion | serverNonce[32]
 *   client -> server   AUTH    magic "EDDY" | int clientVersion | clientNonce[32]
 *                              | HMAC-SHA256(secret, serverNonce | clientNonce | version)[32]
 *   server -> client   VERDICT byte status, and if OK:
 *                              HMAC-SHA256(secret, clientNonce | serverNonce | version)[32]
 * </pre>
 *
 * The server checks the version, then the MAC in constant time; only then do both ends install
 * the frame decoder. Neither the secret nor anything derived from it without a fresh nonce
 * travels on the wire.
 */
final class Handshake {

    static final int MAGIC = 0x45444459; // "EDDY"
    static final int NONCE_SIZE = 32;
    static final int MAC_SIZE = 32;
    static final int HELLO_SIZE = 4 + 4 + NONCE_SIZE;
    static final int AUTH_SIZE = 4 + 4 + NONCE_SIZE + MAC_SIZE;

    static final byte STATUS_OK = 0;
    static final byte STATUS_WRONG_SECRET = 1;
    static final byte STATUS_VERSION_MISMATCH = 2;

    private static final SecureRandom RANDOM = new SecureRandom();

    private Handshake() {}

    static byte[] newNonce() {
        byte[] nonce = new byte[NONCE_SIZE];
        RANDOM.nextBytes(nonce);
        return nonce;
    }

    /** The MAC with which a client proves it knows the secret. */
    static byte[] clientMac(Secret secret, byte[] serverNonce, byte[] clientNonce, int version) {
        return secret.mac(serverNonce, clientNonce, intBytes(version));
    }

    /** The MAC with which the server proves it knows the secret (nonces in reverse order). */
    static byte[] serverMac(Secret secret, byte[] serverNonce, byte[] clientNonce, int version) {
        return secret.mac(clientNonce, serverNonce, intBytes(version));
    }

    private static byte[] intBytes(int value) {
        return ByteBuffer.allocate(4).putInt(value).array();
    }

    static byte[] readBytes(ByteBuf in, int length) {
        byte[] bytes = new byte[length];
        in.readBytes(bytes);
        return bytes;
    }

    /** Up to 16 leading bytes in hex, for logging what an unknown peer sent. */
    static String peek(ByteBuf in) {
        return ByteBufUtil.hexDump(in, in.readerIndex(), Math.min(16, in.readableBytes()));
    }

    /** host:port of an address as users type it (no leading slash). */
    static String describe(SocketAddress address) {
        if (address instanceof InetSocketAddress inet) {
            return inet.getHostString() + ":" + inet.getPort();
        }
        return String.valueOf(address);
    }
}
