package org.roost.authorization.passkeys;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.concurrent.ThreadLocalRandom;

import com.webauthn4j.converter.AttestationObjectConverter;
import com.webauthn4j.converter.util.ObjectConverter;
import com.webauthn4j.data.attestation.AttestationObject;
import com.webauthn4j.data.attestation.authenticator.AAGUID;
import com.webauthn4j.data.attestation.authenticator.AttestedCredentialData;
import com.webauthn4j.data.attestation.authenticator.AuthenticatorData;
import com.webauthn4j.data.attestation.authenticator.EC2COSEKey;
import com.webauthn4j.data.attestation.statement.COSEAlgorithmIdentifier;
import com.webauthn4j.data.attestation.statement.NoneAttestationStatement;
import tools.jackson.databind.JsonNode;

/**
 * An authenticator in software, for tests that need a real ceremony without a browser: one ES256 key, "none"
 * attestation, user present and verified. It answers the server's options as a browser would send them, for any
 * origin and relying party, so a test can also play a passkey made for another site.
 */
public final class SoftAuthenticator {

    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

    private final KeyPair keys;
    private final byte[] credentialId = new byte[16];
    private byte[] userHandle = new byte[0];
    private int signCount;

    public SoftAuthenticator() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            keys = generator.generateKeyPair();
        }
        catch (GeneralSecurityException ex) {
            throw new IllegalStateException(ex);
        }
        ThreadLocalRandom.current().nextBytes(credentialId);
    }

    public String id() {
        return B64.encodeToString(credentialId);
    }

    /** The body of {@code POST /webauthn/register} for these creation options. */
    public String register(JsonNode options, String origin, String rpId, String label) {
        userHandle = Base64.getUrlDecoder().decode(options.path("user").path("id").asString());
        byte flags = (byte) (AuthenticatorData.BIT_UP | AuthenticatorData.BIT_UV | AuthenticatorData.BIT_AT);
        AuthenticatorData<com.webauthn4j.data.extension.authenticator.RegistrationExtensionAuthenticatorOutput> data =
                new AuthenticatorData<>(sha256(rpId.getBytes(StandardCharsets.UTF_8)), flags, 0,
                        new AttestedCredentialData(AAGUID.ZERO, credentialId,
                                EC2COSEKey.create((ECPublicKey) keys.getPublic(), COSEAlgorithmIdentifier.ES256)));
        byte[] attestation = new AttestationObjectConverter(new ObjectConverter())
                .convertToBytes(new AttestationObject(data, new NoneAttestationStatement()));
        String clientData = clientData("webauthn.create", options.path("challenge").asString(), origin);
        return """
                {"publicKey":{"label":"%s","credential":{"id":"%s","rawId":"%s","type":"public-key",
                "response":{"attestationObject":"%s","clientDataJSON":"%s","transports":["internal"]},
                "clientExtensionResults":{},"authenticatorAttachment":"platform"}}}""".formatted(label, id(), id(),
                B64.encodeToString(attestation), B64.encodeToString(clientData.getBytes(StandardCharsets.UTF_8)));
    }

    /** The body of {@code POST /login/webauthn} for these request options. */
    public String signIn(JsonNode options, String origin, String rpId) {
        return signIn(options, origin, rpId, true);
    }

    /** As a clone would: the next answer repeats the last answer's signature counter. */
    public void rewindCounter() {
        signCount--;
    }

    /** @param userVerified whether the answer says the authenticator verified its user (the UV flag) */
    public String signIn(JsonNode options, String origin, String rpId, boolean userVerified) {
        byte[] clientData = clientData("webauthn.get", options.path("challenge").asString(), origin)
                .getBytes(StandardCharsets.UTF_8);
        byte[] data = ByteBuffer.allocate(37).put(sha256(rpId.getBytes(StandardCharsets.UTF_8)))
                .put((byte) (AuthenticatorData.BIT_UP | (userVerified ? AuthenticatorData.BIT_UV : 0))).putInt(++signCount)
                .array();
        byte[] signature;
        try {
            Signature signer = Signature.getInstance("SHA256withECDSA");
            signer.initSign(keys.getPrivate());
            signer.update(data);
            signer.update(sha256(clientData));
            signature = signer.sign();
        }
        catch (GeneralSecurityException ex) {
            throw new IllegalStateException(ex);
        }
        return """
                {"id":"%s","rawId":"%s","type":"public-key","response":{"authenticatorData":"%s","clientDataJSON":"%s",
                "signature":"%s","userHandle":"%s"},"clientExtensionResults":{},"authenticatorAttachment":"platform"}"""
                .formatted(id(), id(), B64.encodeToString(data), B64.encodeToString(clientData),
                        B64.encodeToString(signature), B64.encodeToString(userHandle));
    }

    private static String clientData(String type, String challenge, String origin) {
        return "{\"type\":\"%s\",\"challenge\":\"%s\",\"origin\":\"%s\",\"crossOrigin\":false}".formatted(type, challenge, origin);
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        }
        catch (GeneralSecurityException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
