package org.roost.authorization.signingkeys;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The service's own key material (every test application shares one key per JVM instead, so the generator itself
 * is checked here): private keys of the configured algorithm, named and marked for signing.
 */
class SigningKeyMaterialTest {

    @Test
    void generatesA2048BitRsaSigningKeyUnderTheGivenId() throws Exception {
        RSAKey key = (RSAKey) SigningKeyMaterial.GENERATED.create("RS256", "k1");

        assertThat(key.getKeyID()).isEqualTo("k1");
        assertThat(key.getAlgorithm()).isEqualTo(JWSAlgorithm.RS256);
        assertThat(key.getKeyUse()).isEqualTo(KeyUse.SIGNATURE);
        assertThat(key.isPrivate()).isTrue();
        assertThat(key.size()).isEqualTo(2048);
    }

    @Test
    void generatesAP256SigningKeyForEs256() throws Exception {
        ECKey key = (ECKey) SigningKeyMaterial.GENERATED.create("ES256", "k2");

        assertThat(key.getKeyID()).isEqualTo("k2");
        assertThat(key.getCurve()).isEqualTo(Curve.P_256);
        assertThat(key.getAlgorithm()).isEqualTo(JWSAlgorithm.ES256);
        assertThat(key.isPrivate()).isTrue();
    }

    @Test
    void refusesAnyOtherAlgorithmNamingTheSetting() {
        assertThatIllegalStateException().isThrownBy(() -> SigningKeyMaterial.GENERATED.create("HS256", "k3"))
                .withMessageContaining("roost.tokens.signing-algorithm");
    }
}
