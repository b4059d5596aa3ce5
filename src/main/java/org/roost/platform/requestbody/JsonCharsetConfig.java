package org.roost.platform.requestbody;

import java.nio.charset.StandardCharsets;

import org.springframework.boot.http.converter.autoconfigure.ServerHttpMessageConvertersCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.AbstractHttpMessageConverter;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;

/** The contract promises {@code application/json; charset=UTF-8}; Spring omits the charset by default. */
@Configuration(proxyBeanMethods = false)
class JsonCharsetConfig {

    @Bean
    ServerHttpMessageConvertersCustomizer jsonCharset() {
        return builder -> builder.configureMessageConverters(converter -> {
            if (converter instanceof JacksonJsonHttpMessageConverter json) {
                ((AbstractHttpMessageConverter<?>) json).setDefaultCharset(StandardCharsets.UTF_8);
            }
        });
    }
}
