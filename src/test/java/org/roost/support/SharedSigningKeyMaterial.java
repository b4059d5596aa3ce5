package org.roost.support;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import org.roost.authorization.signingkeys.SigningKeyMaterial;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringApplicationRunListener;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Every application the test JVM starts (test contexts, {@link Instances}, the tests' own) gets its signing keys'
 * material from here: one key per algorithm, generated once per JVM, under a new key id each time. Generating a
 * 2048-bit RSA key was about a fifth of a test start-up's CPU (JFR). Key ids still differ, so a token of one
 * application, or of a retired key, still names a key the others do not know; the tests that need a stranger's key
 * generate their own. Registered for every start alike (spring.factories), so it splits no cached context.
 */
public final class SharedSigningKeyMaterial implements SpringApplicationRunListener {

    private static final Map<String, JWK> GENERATED = new ConcurrentHashMap<>();

    private static final SigningKeyMaterial SHARED = (algorithm, kid) -> {
        JWK key = GENERATED.computeIfAbsent(algorithm, SharedSigningKeyMaterial::generate);
        return switch (key) {
            case RSAKey rsa -> new RSAKey.Builder(rsa).keyID(kid).build();
            case ECKey ec -> new ECKey.Builder(ec).keyID(kid).build();
            default -> throw new IllegalStateException("an RSA or EC key: " + key.getKeyType());
        };
    };

    // The constructor SpringApplication calls for a listener named in spring.factories (one per start).
    public SharedSigningKeyMaterial(SpringApplication application, String[] args) {
    }

    @Override
    public void contextPrepared(ConfigurableApplicationContext context) {
        context.getBeanFactory().registerSingleton("sharedSigningKeyMaterial", SHARED);
    }

    private static JWK generate(String algorithm) {
        try {
            return SigningKeyMaterial.GENERATED.create(algorithm, "shared");
        }
        catch (JOSEException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
