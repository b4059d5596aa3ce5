package org.roost.platform.shared;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

import org.jspecify.annotations.Nullable;

/** Text that follows {@link TextRules} for its use; {@code null} is valid (other constraints require it). */
@Documented
@Constraint(validatedBy = CleanText.Validator.class)
@Target({ ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
public @interface CleanText {

    TextRules.Use value();

    String message() default "is not acceptable text";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Reports the rule that was broken, naming the character. */
    final class Validator implements ConstraintValidator<CleanText, String> {

        private TextRules.Use use = TextRules.Use.BODY;

        @Override
        public void initialize(CleanText annotation) {
            use = annotation.value();
        }

        @Override
        public boolean isValid(@Nullable String text, ConstraintValidatorContext context) {
            String problem = text == null ? null : TextRules.problem(use, text);
            if (problem == null) {
                return true;
            }
            context.disableDefaultConstraintViolation();
            // The message holds no '{' or '$', so it is taken as it is, not interpolated.
            context.buildConstraintViolationWithTemplate(problem).addConstraintViolation();
            return false;
        }
    }
}
