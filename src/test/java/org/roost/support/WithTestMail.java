package org.roost.support;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A test class whose service mails through {@link TestMailServer}. Extending this one class (rather than declaring
 * the property source in each) lets every such class with the same annotations share one application context.
 */
public abstract class WithTestMail {

    @DynamicPropertySource
    static void mailServer(DynamicPropertyRegistry registry) {
        TestMailServer.register(registry);
    }
}
