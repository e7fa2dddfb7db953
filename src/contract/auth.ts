import * as v from 'valibot';
import { TimeZoneSchema } from './time-zone.ts';
import { EmailSchema, OTP_LENGTH, PASSWORD_MIN_LENGTH, UserTypeSchema } from './common.ts';

// Messages are the spec's (§5), word for word.
export const NewPasswordSchema = v.pipe(
  v.string('Password is required'),
  v.nonEmpty('Password is required'),
  v.minLength(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters'),
  v.maxLength(200, 'Password must be at most 200 characters'),
);
const OtpSchema = v.pipe(
  v.string('Otp is required'),
  v.trim(),
  v.nonEmpty('Otp is required'),
  v.regex(/^\d{6}$/, `The code has ${OTP_LENGTH} digits`),
);

export const SignupRequestSchema = v.object({
  name: v.pipe(v.string('Name is required'), v.trim(), v.nonEmpty('Name is required'), v.maxLength(100, 'Name must be at most 100 characters')),
  email: EmailSchema('Email address is required'),
  password: NewPasswordSchema,
  userType: UserTypeSchema,
  /** The browser's time zone, kept as the restaurant's until the owner changes it (schedules use it). */
  timeZone: v.optional(TimeZoneSchema),
});
export type SignupRequest = v.InferOutput<typeof SignupRequestSchema>;

/** The sign-up form: the request plus a confirmation, all errors shown together (spec §5). */
export const SignupFormSchema = v.pipe(
  v.object({
    name: SignupRequestSchema.entries.name,
    email: SignupRequestSchema.entries.email,
    password: NewPasswordSchema,
    confirmPassword: v.string(),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, 'Passwords must match'),
    ['confirmPassword'],
  ),
);

export const SignupResponseSchema = v.object({
  userId: v.string(),
  token: v.string(),
  name: v.string(),
  email: v.string(),
  phoneNumber: v.nullable(v.string()),
});
export type SignupResponse = v.InferOutput<typeof SignupResponseSchema>;

export const SigninRequestSchema = v.object({
  email: EmailSchema('Email address is required'),
  password: v.pipe(v.string('Password is required'), v.nonEmpty('Password is required'), v.maxLength(200)),
  userType: UserTypeSchema,
});
export type SigninRequest = v.InferOutput<typeof SigninRequestSchema>;

export const SigninResponseSchema = v.object({
  userId: v.string(),
  token: v.string(),
  name: v.string(),
  email: v.string(),
  image: v.nullable(v.string()),
  phoneNumber: v.nullable(v.string()),
  activeSubscription: v.nullable(v.string()),
  activeSubscriptionStart: v.nullable(v.string()),
  activeSubscriptionEnd: v.nullable(v.string()),
  /** Issue 19: present for a staff member only ('staff'), with the restaurant they joined; an owner's answer is unchanged. */
  role: v.optional(v.picklist(['owner', 'staff'])),
  restaurantName: v.optional(v.string()),
});
export type SigninResponse = v.InferOutput<typeof SigninResponseSchema>;

/**
 * Apple: the identity token (`authToken`) is verified and its `sub` and email are what count. `name` is used when
 * the account is created (Apple gives it to the page only on the first sign-in); `email` in the body is ignored,
 * since a body is never trusted to prove an address.
 */
export const AppleSigninRequestSchema = v.object({
  authToken: v.pipe(v.string('authToken is required'), v.nonEmpty('authToken is required')),
  sub: v.optional(v.string()),
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  email: v.optional(v.string()),
  userType: UserTypeSchema,
});

/** Google Identity Services hands the page an ID token (`credential`). */
export const GoogleSigninRequestSchema = v.object({
  idToken: v.pipe(v.string('idToken is required'), v.nonEmpty('idToken is required')),
  userType: UserTypeSchema,
});

export const SocialSigninResponseSchema = v.object({
  id: v.string(),
  token: v.string(),
  name: v.string(),
  email: v.string(),
  phoneNumber: v.nullable(v.string()),
  /** Issue 19: as in SigninResponse, for a team member who joined with (or linked) Google or Apple. */
  role: v.optional(v.picklist(['owner', 'staff'])),
  restaurantName: v.optional(v.string()),
});
export type SocialSigninResponse = v.InferOutput<typeof SocialSigninResponseSchema>;

/** Which social sign-ins this server has set up; a null client id means the button explains it is not available. */
export const AuthProvidersResponseSchema = v.object({
  google: v.nullable(v.object({ clientId: v.string() })),
  apple: v.nullable(v.object({ clientId: v.string(), redirectUri: v.string() })),
});
export type AuthProvidersResponse = v.InferOutput<typeof AuthProvidersResponseSchema>;

const OtpTypeSchema = v.picklist(['verification', 'reset_password']);
export type OtpType = v.InferOutput<typeof OtpTypeSchema>;

export const RequestOtpRequestSchema = v.object({
  email: EmailSchema('Email address is required'),
  userType: UserTypeSchema,
  otpType: OtpTypeSchema,
});
export type RequestOtpRequest = v.InferOutput<typeof RequestOtpRequestSchema>;

/** `retryAfterSeconds`: when the next resend is allowed (the cooldown). */
export const RequestOtpResponseSchema = v.object({ message: v.string(), retryAfterSeconds: v.number() });
export type RequestOtpResponse = v.InferOutput<typeof RequestOtpResponseSchema>;

export const VerifyAccountRequestSchema = v.object({
  otp: v.pipe(v.string('Please input an otp'), v.trim(), v.nonEmpty('Please input an otp'), v.regex(/^\d{6}$/, `The code has ${OTP_LENGTH} digits`)),
  email: EmailSchema('There is no email found'),
  userType: UserTypeSchema,
});
export type VerifyAccountRequest = v.InferOutput<typeof VerifyAccountRequestSchema>;

export const ResetPasswordRequestSchema = v.pipe(
  v.object({
    otp: OtpSchema,
    email: EmailSchema('Email address is required'),
    password: v.pipe(v.string('Please set new password'), v.minLength(PASSWORD_MIN_LENGTH, 'Please set new password'), v.maxLength(200)),
    confirmPassword: v.pipe(
      v.string('Confirm your password'),
      v.nonEmpty('Confirm your password'),
      v.minLength(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters'),
    ),
    userType: UserTypeSchema,
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, 'Passwords must match'),
    ['confirmPassword'],
  ),
);
export type ResetPasswordRequest = v.InferOutput<typeof ResetPasswordRequestSchema>;
