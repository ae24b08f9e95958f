import { Svg, type IconProps } from './svg.tsx';

export function CircleCheck(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="m16 9-5.5 5.5L8 12" />
    </Svg>
  );
}
